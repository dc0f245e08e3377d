// Foundation figures: cold start and login latency.
import { limitsOff, median, percentile, startServer } from './lib/server.mjs';
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
    env: limitsOff,
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
