import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/response-scan.setup.ts', './test/tls-trust.setup.ts'],
    // Each file gets its own database (PGlite or a fresh PostgreSQL database), copied from the
    // one this migrates once per run.
    globalSetup: ['./test/global-setup.ts'],
    // Test files wait more than they compute (a database round trip, a socket's timeout, a
    // reset's fixed answer time): three files at once keep two cores busy where one per core
    // left them idle. Each file has its own database, so they cannot meet.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
