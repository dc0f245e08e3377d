// Course listings under load: allcourses, searchbytitle and getcourse against a seeded database
// (20,000 students, 200 professors, 2,000 courses, 60,000 enrolments), and the bare-Fastify
// ceiling of this machine beside each row reported as a share of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { median, limitsOff, startServer } from './lib/server.mjs';
import { sessionCookie, register } from './lib/accounts.mjs';
import { BROWSER_ACCEPT_ENCODING, LOAD, loadRow, machineRow, measureWarm, methodRow, pairedWithBare, settle, shareRow, startCeiling } from './lib/load.mjs';
import { createScratchDatabase, seedPglite, seedPostgres } from './lib/seed.mjs';

const SEARCH_WORD = 'data';

/** One GET as a browser sends it: the body as it crossed the wire, decoded, and its encoding. */
function browserGet(url, cookie) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'] ?? 'identity';
          const body = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
          resolve({ status: res.statusCode, wire, body, encoding });
        });
      })
      .on('error', reject);
  });
}

/**
 * GETs with the session on an idle server: status, bytes on the wire and decoded, the number of
 * courses listed (if any) and the median time of 5 sequential requests (what one user sees
 * without load).
 */
async function probe(url, cookie) {
  const times = [];
  let res;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    res = await browserGet(url, cookie);
    times.push(performance.now() - t);
  }
  let listed;
  try {
    listed = JSON.parse(res.body.toString()).data?.listofcourses?.length;
  } catch {
    /* not JSON */
  }
  return { status: res.status, bytes: res.body.length, wireBytes: res.wire.length, encoding: res.encoding, listed, aloneMs: median(times) };
}

/**
 * The database's committed transactions and rows returned so far (pg_stat_database), read on a
 * connection of its own. A server backend flushes its counters at most once a second while busy
 * and within 10 s once idle (PostgreSQL 15), so this waits 11 s first: the figures then include
 * everything before the call.
 */
async function databaseCounters(url) {
  await new Promise((r) => setTimeout(r, 11_000));
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT xact_commit::float8 AS xacts, tup_returned::float8 AS tuples FROM pg_stat_database WHERE datname = current_database()');
    return rows[0];
  } finally {
    await client.end();
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const alone = (p) => `${p.aloneMs.toFixed(0)} ms alone`;
const onWire = (p) => `${kb(p.wireBytes)} on the wire (${p.encoding})`;

/**
 * Creates and migrates a fresh database by starting the built server once, seeds it directly,
 * restarts the server on it, logs a student in and measures the three course reads.
 * BENCH_DATABASE_URL (a PostgreSQL server URL) uses a scratch database there instead of PGlite.
 */
export async function courses({ port }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-bench-courses-'));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const env = { ...limitsOff, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  const label = scratch ? scratch.label : 'PGlite (embedded)';
  let server;
  try {
    const first = await startServer({ port, env, dataDir });
    await first.stop();

    process.stderr.write(`  seeding ${label}…\n`);
    const seeded = scratch ? await seedPostgres(scratch.url) : await seedPglite(join(dataDir, 'db'));
    const c = seeded.counts;
    process.stderr.write(
      `  seeded ${c.students} students, ${c.professors} professors, ${c.courses} courses, ${c.enrollments} enrolments in ${(seeded.ms / 1000).toFixed(1)} s\n`,
    );

    server = await startServer({ port, env, dataDir });
    await register(server.base, { registrationId: '200000002', fullname: 'Bench Student' });
    const cookie = await sessionCookie(server.base, '200000002');
    const headers = { cookie };
    const all = `${server.base}/api/v1/courses/allcourses`;
    const search = `${server.base}/api/v1/courses/searchbytitle?title=${SEARCH_WORD}`;
    const getPaths = seeded.courseIds.map((id) => `/api/v1/courses/getcourse/${id}`);

    const allProbe = await probe(all, cookie);
    const searchProbe = await probe(search, cookie);
    const getProbe = await probe(`${server.base}${getPaths[0]}`, cookie);
    for (const [name, p] of [['allcourses', allProbe], ['searchbytitle', searchProbe], ['getcourse', getProbe]]) {
      if (p.status !== 200) process.stderr.write(`  warning: ${name} answered ${p.status} before the run\n`);
    }

    process.stderr.write(`  load: ${LOAD.connections} connections, ${LOAD.duration} s each after ${LOAD.warmUp} s of warm-up\n`);
    // First, what the figures below depend on besides the code: how busy the machine is.
    const rows = [
      machineRow('courses machine'),
      { scenario: 'courses database', value: label },
      {
        scenario: 'courses seed',
        value: `${c.students} students, ${c.professors} professors, ${c.courses} courses, ${c.enrollments} enrolments (${(seeded.ms / 1000).toFixed(1)} s)`,
      },
      methodRow('courses load'),
    ];
    // Each run waits for the previous one's queued requests to finish first, and is warm.
    const run = async (name, url, options) => {
      const m = await measureWarm(url, { headers, settleAt: server.base, ...options });
      if (m.waited > 1000) process.stderr.write(`  ${name}: waited ${(m.waited / 1000).toFixed(1)} s for the warm-up's backlog\n`);
      rows.push(loadRow(name, m));
      return m;
    };
    // The rows reported as a share of the bare route, each beside its own bare run.
    const paired = (name, url, options) => pairedWithBare(() => run(name, url, options), { port: port + 1 });

    // Whether current-user's session came from the instance's cache cannot be seen from outside;
    // what the database did for it can: its transactions over the warm-up and run's requests
    // (about 1 per request when every session is read from the database, near 0 when cached).
    const before = scratch ? await databaseCounters(scratch.url) : undefined;
    const currentUser = await paired('current-user', `${server.base}/api/v1/users/current-user`);
    if (scratch) {
      await settle(server.base);
      const after = await databaseCounters(scratch.url);
      const requests = currentUser.m.total + currentUser.m.warmUpTotal;
      const delta = (k) => after[k] - before[k];
      rows.push({
        scenario: 'current-user database work',
        value:
          `${(delta('xacts') / requests).toFixed(3)} transactions and ${(delta('tuples') / requests).toFixed(2)} rows read per request: ${delta('xacts')} and ${delta('tuples')} ` +
          `over the ${requests} requests of warm-up and run (pg_stat_database of the scratch database; its other work, a few health checks, included)`,
      });
    }
    await run('allcourses', all);
    rows.push({
      scenario: 'allcourses response',
      value: `${kb(allProbe.bytes)}, ${onWire(allProbe)}, ${allProbe.listed ?? '?'} courses, ${alone(allProbe)}, status ${allProbe.status}`,
    });
    // What the web app's browse page asks for: one page of 48, not the whole catalogue.
    const paged = await paired('allcourses, pages of 48', `${all}?limit=48`);
    await run(`searchbytitle "${SEARCH_WORD}"`, search);
    rows.push({
      scenario: 'searchbytitle response',
      value: `${kb(searchProbe.bytes)}, ${onWire(searchProbe)}, ${searchProbe.listed ?? '?'} courses, ${alone(searchProbe)}, status ${searchProbe.status}`,
    });
    const get = await paired(`getcourse (${getPaths.length} ids)`, server.base, { paths: getPaths });
    rows.push({ scenario: 'getcourse response', value: `${kb(getProbe.bytes)}, ${onWire(getProbe)}, ${alone(getProbe)}, status ${getProbe.status}` });
    rows.push(shareRow('current-user / bare route', currentUser));
    rows.push(shareRow('getcourse / bare route', get));
    rows.push(shareRow('allcourses pages of 48 / bare route', paged));
    return rows;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

/** A bare Fastify app answering a tiny JSON, under the same load: the best this machine does. */
export async function ceiling({ port }) {
  const bare = await startCeiling(port + 1);
  try {
    return [loadRow('ceiling (bare Fastify)', await measureWarm(bare.url))];
  } finally {
    await bare.stop();
  }
}
