// Load measurement with autocannon, and a bare Fastify app as this machine's ceiling.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';

/** Chromium's Accept-Encoding. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
};

/**
 * `connections` clients hitting `url` for `duration` seconds. `paths`, when given, rotates the
 * request path over the list (one shared counter, so every connection walks it). `json`, when
 * given, is POSTed as the body of every request.
 */
export async function measure(url, { headers = {}, paths, json } = {}) {
  let i = 0;
  const requests = paths ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }] : undefined;
  const post = json === undefined ? {} : { method: 'POST', body: JSON.stringify(json), headers: { 'content-type': 'application/json' } };
  // What a browser accepts, so compressed answers are measured as users get them.
  const r = await autocannon({
    url,
    ...post,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...post.headers, ...headers },
    requests,
    connections: LOAD.connections,
    duration: LOAD.duration,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    // autocannon counts a timeout (no answer within 10 s) as an error too; keep them apart.
    timeouts: r.timeouts,
    errors: r.errors - r.timeouts,
    total: r.requests.total,
  };
}

/**
 * Waits until the server has worked off what the last run left queued (autocannon stops sending,
 * not the server working): /api/v1/health pings the database, so it answers fast only once the
 * backlog is gone. Returns how long that took.
 */
export async function settle(base) {
  const started = performance.now();
  for (;;) {
    const t = performance.now();
    const res = await fetch(`${base}/api/v1/health`);
    await res.arrayBuffer();
    if (performance.now() - t < 20) return performance.now() - started;
    if (performance.now() - started > 120_000) throw new Error('server still busy 120 s after the run');
  }
}

const ms = (v) => (v < 1 ? '<1 ms' : `${v} ms`);

/** A row comparing a run to the bare route measured in the same scenario: "12.3 % of the bare route's req/s". */
export const ratioRow = (scenario, m, bare) => ({
  scenario,
  value: `${((100 * m.rps) / bare.rps).toFixed(1)} % of the bare route's ${bare.rps.toFixed(0)} req/s (p99 ${ms(m.p99)} against ${ms(bare.p99)})`,
});

/** One table row: "1234 req/s, p50 12 ms, p99 40 ms, non-2xx 0". */
export function loadRow(scenario, m) {
  // Timed-out requests are not in the latency percentiles, which then understate.
  const extra = (m.timeouts ? `, ${m.timeouts} timed out (>10 s)` : '') + (m.errors ? `, ${m.errors} errors` : '');
  return {
    scenario,
    value: `${m.rps.toFixed(0)} req/s, p50 ${ms(m.p50)}, p99 ${ms(m.p99)}, non-2xx ${m.non2xx}${extra}`,
  };
}

/**
 * Starts bench/lib/ceiling-server.mjs (bare Fastify, one route) on 127.0.0.1:port: a tiny JSON,
 * or a fixed answer of `bytes` bytes.
 */
export async function startCeiling(port, bytes = 0) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'ceiling-server.mjs'), String(port), String(bytes)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
    child.stdout.on('data', (d) => {
      if (String(d).includes('ready')) resolve();
    });
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
