import { defineConfig } from 'vitest/config';

const ALL_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * The files whose result depends on which database the file's test database is (test/build-app.ts
 * `openTestDatabase`): PGlite, or PostgreSQL when TEST_DATABASE_URL is set. CI runs the whole suite
 * on PostgreSQL and then only these on PGlite (`--project embedded`, scripts/test.mjs): the rest
 * asks the same questions of either, so a second database would only repeat the answer. A file
 * that always opens an embedded database of its own (server.test.ts, backup.test.ts, the
 * migration tests) already runs it on the PostgreSQL layer, and needs no place here. Without
 * TEST_DATABASE_URL, `vitest run` runs both projects, everything, on PGlite.
 */
export const EMBEDDED_DATABASE_TESTS = [
  // Not here: tracing.test.ts (its server processes take the PostgreSQL database when there is
  // one; what PGlite adds is only the absence of database spans, not worth 90 s a run).
  // Skipped on PostgreSQL: `npm run seed` on a new embedded DATA_DIR.
  'src/seed.test.ts',
  // The driver's own error objects: what the handler maps and the log serializer keeps of them.
  'src/platform/errors/error-handler.test.ts',
  'src/platform/errors/log-serializers.test.ts',
  // The bus is PGlite's in-process LISTEN/NOTIFY here, PostgreSQL's NOTIFY there.
  'src/platform/realtime/bus.test.ts',
  'src/platform/auth/sessions.test.ts',
  // /metrics reports a pool on PostgreSQL, none on PGlite.
  'src/platform/metrics/metrics.test.ts',
  // Health with the database closed: a closed PGlite fails differently from an ended pool.
  'src/features/system/system.test.ts',
  // Course cursors carry the database's own timestamp text (milliseconds on PGlite, microseconds on PostgreSQL).
  'src/features/courses/course-cursors.test.ts',
];

export default defineConfig({
  test: {
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
    projects: [
      { extends: true, test: { name: 'embedded', include: EMBEDDED_DATABASE_TESTS } },
      { extends: true, test: { name: 'any database', include: ALL_TESTS, exclude: EMBEDDED_DATABASE_TESTS } },
    ],
  },
});
