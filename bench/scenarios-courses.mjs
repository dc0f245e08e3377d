// Course listings under load: allcourses, searchbytitle and getcourse against a seeded database
// (20,000 students, 200 professors, 2,000 courses, 60,000 enrolments), and the bare-Fastify
// ceiling of this machine for comparison.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { median, limitsOff, startServer } from './lib/server.mjs';
import { sessionCookie, register } from './lib/accounts.mjs';
import { BROWSER_ACCEPT_ENCODING, LOAD, loadRow, measure, ratioRow, settle, startCeiling } from './lib/load.mjs';
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

    process.stderr.write(`  load: ${LOAD.connections} connections, ${LOAD.duration} s each\n`);
    // The bare route first, in this same run: the ratios below are to it.
    const bareServer = await startCeiling(port + 1);
    const bare = await measure(bareServer.url).finally(() => bareServer.stop());
    const rows = [
      { scenario: 'courses database', value: label },
      {
        scenario: 'courses seed',
        value: `${c.students} students, ${c.professors} professors, ${c.courses} courses, ${c.enrollments} enrolments (${(seeded.ms / 1000).toFixed(1)} s)`,
      },
    ];
    // Each run waits for the previous one's queued requests to finish first.
    const run = async (name, url, options) => {
      const waited = await settle(server.base);
      if (waited > 1000) process.stderr.write(`  ${name}: waited ${(waited / 1000).toFixed(1)} s for the previous run's backlog\n`);
      const m = await measure(url, { headers, ...options });
      rows.push(loadRow(name, m));
      return m;
    };
    rows.push(loadRow('bare Fastify route, this run', bare));
    const currentUser = await run('current-user', `${server.base}/api/v1/users/current-user`);
    await run('allcourses', all);
    rows.push({
      scenario: 'allcourses response',
      value: `${kb(allProbe.bytes)}, ${onWire(allProbe)}, ${allProbe.listed ?? '?'} courses, ${alone(allProbe)}, status ${allProbe.status}`,
    });
    // What the web app's browse page asks for: one page of 48, not the whole catalogue.
    const paged = await run('allcourses, pages of 48', `${all}?limit=48`);
    await run(`searchbytitle "${SEARCH_WORD}"`, search);
    rows.push({
      scenario: 'searchbytitle response',
      value: `${kb(searchProbe.bytes)}, ${onWire(searchProbe)}, ${searchProbe.listed ?? '?'} courses, ${alone(searchProbe)}, status ${searchProbe.status}`,
    });
    const get = await run(`getcourse (${getPaths.length} ids)`, server.base, { paths: getPaths });
    rows.push({ scenario: 'getcourse response', value: `${kb(getProbe.bytes)}, ${onWire(getProbe)}, ${alone(getProbe)}, status ${getProbe.status}` });
    rows.push(ratioRow('current-user / bare route', currentUser, bare));
    rows.push(ratioRow('getcourse / bare route', get, bare));
    rows.push(ratioRow('allcourses pages of 48 / bare route', paged, bare));
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
    return [loadRow('ceiling (bare Fastify)', await measure(bare.url))];
  } finally {
    await bare.stop();
  }
}
