import { existsSync } from 'node:fs';

export const PORT = Number(process.env.E2E_PORT ?? 8765);

/** The fake text generator (support/fake-textgen.mjs) the portal drafts descriptions with. */
export const TEXTGEN = { port: Number(process.env.E2E_TEXTGEN_PORT ?? 8766), apiKey: 'e2e-textgen-key' };

export const EXAM_OFFICE = { registrationId: 211070007, password: 'exam-office-e2e-secret' };

/** The first administrator, created by the server at start-up from ADMIN_PASSWORD. */
export const ADMIN = { registrationId: 100000000, password: 'admin-e2e-secret' };

/** Debian's Chromium; Playwright never downloads a browser of its own here. */
export function chromiumPath(): string {
  const path = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
  if (!path) throw new Error('No Chromium found: install Debian\'s chromium or set CHROMIUM_PATH');
  return path;
}
