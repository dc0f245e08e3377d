// Foundation figures: cold start, login latency, and the login page's JavaScript weight.
import { gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { median, percentile, startServer } from './lib/server.mjs';
import { login as logIn, register } from './lib/accounts.mjs';

/** Time from spawning `node apps/server/dist/server.js` on an empty DATA_DIR to a healthy answer. */
export async function coldStart({ port }) {
  const cold = [];
  for (let i = 0; i < 3; i++) {
    const s = await startServer({ port });
    cold.push(s.readyMs);
    await s.stop();
  }
  return [{ scenario: 'cold start, empty DATA_DIR (median of 3)', value: `${median(cold).toFixed(0)} ms` }];
}

/** Median and p90 of 50 sequential logins (argon2id verify + session insert). */
export async function login({ port }) {
  const s = await startServer({
    port,
    env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000', RATE_LIMIT_LOGIN_PER_ADDRESS: '100000' },
  });
  try {
    await register(s.base, { registrationId: '200000001' });
    const times = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await logIn(s.base, '200000001');
      times.push(performance.now() - t);
    }
    return [
      { scenario: 'login, median of 50', value: `${median(times).toFixed(1)} ms` },
      { scenario: 'login, p90 of 50', value: `${percentile(times, 90).toFixed(1)} ms` },
    ];
  } finally {
    await s.stop();
  }
}

/** Every script /login loads in Chromium, each gzipped, summed. */
export async function loginPageWeight({ port }) {
  const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
  if (!chromium) return [{ scenario: 'login page JS (gzipped)', value: 'skipped: no Chromium' }];
  const { chromium: pw } = await import('@playwright/test');
  const s = await startServer({ port });
  const browser = await pw.launch({
    executablePath: chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.body().then((b) => ({ url: r.url(), b })));
    });
    await page.goto(`${s.base}/login`, { waitUntil: 'networkidle' });
    const bodies = await Promise.all(scripts);
    const raw = bodies.reduce((n, x) => n + x.b.length, 0);
    const gz = bodies.reduce((n, x) => n + gzipSync(x.b, { level: 9 }).length, 0);
    return [
      {
        scenario: `login page JS (${bodies.length} files)`,
        value: `${(gz / 1024).toFixed(1)} KB gzipped (${(raw / 1024).toFixed(1)} KB raw)`,
      },
    ];
  } finally {
    await browser.close();
    await s.stop();
  }
}
