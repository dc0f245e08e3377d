import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/response-scan.setup.ts'],
    // Each file builds its own database (PGlite or a fresh PostgreSQL database): ~3 s to migrate.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
