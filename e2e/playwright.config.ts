import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, EXAM_OFFICE, PORT, TEXTGEN, chromiumPath } from './support/env';

// One real server, built as `npm start` builds it, on a fresh data dir and embedded database.
const dataDir = mkdtempSync(join(tmpdir(), 'campus-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // The text generator the portal drafts event descriptions with (OpenAI wire format).
      command: `node support/fake-textgen.mjs ${TEXTGEN.port} ${TEXTGEN.apiKey}`,
      url: `http://127.0.0.1:${TEXTGEN.port}/health`,
      reuseExistingServer: false,
      timeout: 10_000,
    },
    {
      command: 'node ../apps/server/dist/server.js',
      url: `http://127.0.0.1:${PORT}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EXAM_OFFICE_REGISTRATION_ID: String(EXAM_OFFICE.registrationId),
        EXAM_OFFICE_PASSWORD: EXAM_OFFICE.password,
        ADMIN_REGISTRATION_ID: String(ADMIN.registrationId),
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        TEXTGEN_PROVIDER: 'openai',
        TEXTGEN_BASE_URL: `http://127.0.0.1:${TEXTGEN.port}/v1`,
        TEXTGEN_MODEL: 'fake-model',
        TEXTGEN_API_KEY: TEXTGEN.apiKey,
      },
    },
  ],
});
