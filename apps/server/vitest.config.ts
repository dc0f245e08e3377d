import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/response-scan.setup.ts'],
    // Each file gets its own database (PGlite or a fresh PostgreSQL database), copied from the
    // one this migrates once per run.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
