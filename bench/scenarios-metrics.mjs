// The cost of collecting Prometheus metrics (issue 27): `current-user` and `getcourse` on the
// seeded database of `courses`, with METRICS on and off in the same run, alternated (on off, off
// on, on off: BENCH_METRICS_ROUNDS) so that drift in the machine's load falls on both; then how fast /metrics answers with
// many event streams open (BENCH_METRICS_STREAMS, default 1,000; the figure is 10,000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { median, percentile, limitsOff, startServer } from './lib/server.mjs';
import { register, sessionCookie } from './lib/accounts.mjs';
import { LOAD, loadRow, measure, settle } from './lib/load.mjs';
import { seedPglite } from './lib/seed.mjs';
import { openStream } from './lib/sse.mjs';

const STREAM = '/api/v1/notifications/stream';
/** Rounds of the two settings, the order swapped every round (on off, off on, …). */
const ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 3);
const fmt = (n) => n.toLocaleString('en-US');
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** `count` streams over `cookies` (round robin), `parallel` at a time. */
async function openStreams(base, cookies, count, parallel) {
  const streams = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      streams[i] = await openStream(base, STREAM, cookies[i % cookies.length]);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return streams;
}

/** GET /metrics once: milliseconds to the whole answer, and the open-streams gauge it reported. */
async function scrape(base) {
  const t = performance.now();
  const res = await fetch(`${base}/metrics`);
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  const open = Number(/^campus_event_streams_open (\d+)$/m.exec(text)?.[1] ?? NaN);
  return { ms, open, bytes: Buffer.byteLength(text) };
}

export async function metrics({ port }) {
  const STREAMS = Number(process.env.BENCH_METRICS_STREAMS ?? 1_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-bench-metrics-'));
  const env = (on) => ({ ...limitsOff, STREAMS_PER_INSTANCE: String(Math.max(10_000, STREAMS)), METRICS: on ? 'on' : 'off' });
  let server;
  try {
    server = await startServer({ port, env: env(true), dataDir });
    await server.stop();
    process.stderr.write('  seeding PGlite…\n');
    const seeded = await seedPglite(join(dataDir, 'db'));
    const getPaths = seeded.courseIds.map((id) => `/api/v1/courses/getcourse/${id}`);

    server = await startServer({ port, env: env(true), dataDir });
    await register(server.base, { registrationId: '200000002', fullname: 'Bench Student' });
    await server.stop();
    server = undefined;

    const runs = { on: { current: [], get: [] }, off: { current: [], get: [] } };
    const loads = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const setting of round % 2 === 0 ? ['on', 'off'] : ['off', 'on']) {
        server = await startServer({ port, env: env(setting === 'on'), dataDir });
        const headers = { cookie: await sessionCookie(server.base, '200000002') };
        // A warm-up, so neither setting pays for the JIT of the other's first seconds.
        await measure(`${server.base}/api/v1/users/current-user`, { headers }).catch(() => {});
        await settle(server.base);
        loads.push(load());
        runs[setting].current.push(await measure(`${server.base}/api/v1/users/current-user`, { headers }));
        await settle(server.base);
        runs[setting].get.push(await measure(server.base, { headers, paths: getPaths }));
        await server.stop();
        server = undefined;
      }
    }
    // The median round of each setting: one round disturbed by something else on the machine
    // (a 30 % outlier has happened) would move a mean, and with it the share, by several points.
    const summary = (ms) => ({
      rps: median(ms.map((m) => m.rps)),
      p50: Math.round(median(ms.map((m) => m.p50))),
      p99: Math.round(Math.max(...ms.map((m) => m.p99))),
      non2xx: ms.reduce((s, m) => s + m.non2xx, 0),
      timeouts: ms.reduce((s, m) => s + m.timeouts, 0),
      errors: ms.reduce((s, m) => s + m.errors, 0),
    });
    const rows = [
      { scenario: 'metrics load', value: `${LOAD.connections} connections, ${LOAD.duration} s per run, ${ROUNDS} rounds (on off, off on, …); load average at each run's start: ${loads.join(' | ')}` },
    ];
    // BENCH_METRICS_ROUNDS=0 measures /metrics alone.
    for (const [name, key] of ROUNDS > 0 ? [['current-user', 'current'], [`getcourse (${getPaths.length} ids)`, 'get']] : []) {
      const on = summary(runs.on[key]);
      const off = summary(runs.off[key]);
      rows.push(loadRow(`${name}, METRICS=on`, on));
      rows.push(loadRow(`${name}, METRICS=off`, off));
      rows.push({
        scenario: `${name}, on / off`,
        value: `${((100 * on.rps) / off.rps).toFixed(1)} % of the median rounds (rounds: on ${runs.on[key].map((m) => m.rps.toFixed(0)).join(', ')}; off ${runs.off[key].map((m) => m.rps.toFixed(0)).join(', ')} req/s)`,
      });
    }

    // /metrics with STREAMS open: 10 users, STREAMS_PER_USER lifted by limitsOff.
    server = await startServer({ port, env: env(true), dataDir });
    const cookies = [];
    for (let i = 0; i < 10; i++) {
      const id = String(200000130 + i);
      await register(server.base, { registrationId: id, fullname: `Bench Listener ${i}` });
      cookies.push(await sessionCookie(server.base, id));
    }
    const idle = [];
    for (let i = 0; i < 20; i++) idle.push((await scrape(server.base)).ms);
    const t = performance.now();
    const open = await openStreams(server.base, cookies, STREAMS, 50);
    const openMs = performance.now() - t;
    await new Promise((r) => setTimeout(r, 1000));
    const busy = [];
    let seen = 0;
    let bytes = 0;
    for (let i = 0; i < 50; i++) {
      const s = await scrape(server.base);
      busy.push(s.ms);
      seen = s.open;
      bytes = s.bytes;
    }
    for (const s of open) s.close();
    rows.push({ scenario: '/metrics answer, no stream open (20)', value: `p50 ${median(idle).toFixed(1)} ms, max ${Math.max(...idle).toFixed(1)} ms` });
    rows.push({
      scenario: `/metrics answer, ${fmt(STREAMS)} streams open (50)`,
      value: `p50 ${median(busy).toFixed(1)} ms, p99 ${percentile(busy, 99).toFixed(1)} ms, max ${Math.max(...busy).toFixed(1)} ms; gauge said ${fmt(seen)}; ${(bytes / 1024).toFixed(1)} KB; streams opened in ${(openMs / 1000).toFixed(1)} s; load ${load()}`,
    });
    return rows;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
