// Load measurement with autocannon, and a bare Fastify app as this machine's ceiling.
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

/** Chromium's Accept-Encoding. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  // Seconds of unmeasured load before each measured run: a cold process spends its first
  // seconds compiling (JIT) and filling caches and pools, which is not what it serves at.
  warmUp: Number(process.env.BENCH_WARMUP ?? 3),
};

/**
 * autocannon keeps each answer's body as a string (`body += chunk`), decoding every chunk as
 * UTF-8. On a compressed answer, binary, that decoding is slow: against a bare server sending the
 * same 35 KB of brotli it capped the client at about 1,500 answers/s, where the same bytes of
 * plain text came at 24,000/s; the figures were then the client's, not the server's. Nothing
 * here reads a body (no onResponse, no expectBody), so the clients drop them unread. The bytes
 * and latencies autocannon counts come from the socket and the parser, not from the kept body.
 */
const dropBodies = (client) => {
  client.pipelinedRequests.addBody = () => {};
};

/**
 * `connections` clients hitting `url` for `duration` seconds. `paths`, when given, rotates the
 * request path over the list (one shared counter, so every connection walks it). `json`, when
 * given, is POSTed as the body of every request.
 */
export async function measure(url, { headers = {}, paths, json, duration = LOAD.duration } = {}) {
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
    duration,
    setupClient: dropBodies,
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
 * measure() after LOAD.warmUp seconds of the same load, unmeasured. With `settleAt` (a server's
 * base URL), waits for that server's backlog before each (settle). Adds `warmUpTotal`, the
 * requests of the warm-up, and `waited`, the ms waited for the warm-up's backlog.
 */
export async function measureWarm(url, { settleAt, ...options } = {}) {
  if (settleAt) await settle(settleAt);
  const warm = await measure(url, { ...options, duration: LOAD.warmUp });
  const waited = settleAt ? await settle(settleAt) : 0;
  return { ...(await measure(url, options)), warmUpTotal: warm.total, waited };
}

/**
 * A measured run beside the bare route, run right before it on this machine (same minute, same
 * load from whatever else runs here): bench/lib/ceiling-server.mjs answering a tiny JSON, or a
 * fixed answer of `bytes` bytes, measured with measureWarm; then `row()`, which measures the
 * scenario's run (with measureWarm too, so both are warm). On a shared machine a bare route
 * measured once at a scenario's start is minutes away from its last rows, and the shares drift
 * with the neighbours' load. Returns the row's measurement `m`, the `bare` one and the 1-minute
 * load average as the pair began.
 */
export async function pairedWithBare(row, { port, bytes = 0 }) {
  const load = loadavg()[0];
  const ceiling = await startCeiling(port, bytes);
  const bare = await measureWarm(ceiling.url).finally(() => ceiling.stop());
  return { m: await row(), bare, load };
}

/** A pair's share row: "26.0 % of the bare route's 44775 req/s run just before (p99 15 ms against 2 ms), load 1.20". */
export const shareRow = (scenario, { m, bare, load }) => ({
  scenario,
  value: `${((100 * m.rps) / bare.rps).toFixed(1)} % of the bare route's ${bare.rps.toFixed(0)} req/s run just before (p99 ${ms(m.p99)} against ${ms(bare.p99)}), load average ${load.toFixed(2)}`,
});

/** The machine as a scenario begins: "load average 1.20 0.90 0.50 (1, 5, 15 min), 2 CPUs". */
export const machineRow = (scenario) => ({
  scenario,
  value: `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min), ${availableParallelism()} CPUs`,
});

/** The method line of a scenario's load rows. */
export const methodRow = (scenario) => ({
  scenario,
  value: `${LOAD.connections} connections, ${LOAD.duration} s each, after ${LOAD.warmUp} s of the same load unmeasured (JIT, caches); each share against a bare route run just before it`,
});

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
