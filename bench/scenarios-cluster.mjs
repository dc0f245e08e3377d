// The cluster of docs/deploy.md on loopback (scripts/cluster/topology.mjs): nginx terminating TLS
// in front of instances that share the local PostgreSQL and Redis, files in an S3-protocol server
// or one local folder. Delivery between instances through the proxy, file throughput by store,
// and a rolling restart under load. They need nginx and a PostgreSQL server (BENCH_DATABASE_URL,
// else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCluster } from '../scripts/cluster/topology.mjs';
import { register, sessionCookie } from './lib/accounts.mjs';
import { createCourse, deliveryRouter, timeDelivery } from './lib/delivery.mjs';
import { fetchTrusting } from './lib/https.mjs';
import { BROWSER_ACCEPT_ENCODING, LOAD } from './lib/load.mjs';
import { limitsOff, median, percentile } from './lib/server.mjs';
import { openStream } from './lib/sse.mjs';

const STREAM = '/api/v1/notifications/stream';
const adminDatabaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ms = (v) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;

/** Why the cluster cannot start here (no nginx, no PostgreSQL server), or undefined. */
async function missingPrerequisite() {
  if (spawnSync('nginx', ['-v']).status !== 0) return 'nginx is not installed (apt-get install nginx)';
  const client = new pg.Client({ connectionString: adminDatabaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (err) {
    return `no PostgreSQL server at ${adminDatabaseUrl} (${err.message})`;
  } finally {
    await client.end().catch(() => {});
  }
  return undefined;
}

/** Runs `fn(cluster)` on a cluster started with `options`, and stops it whatever happens. */
async function withCluster(options, fn) {
  const cluster = await startCluster({ adminDatabaseUrl, ...options, env: { ...limitsOff, ...options.env } });
  try {
    return await fn(cluster);
  } finally {
    await cluster.stop();
  }
}

/** The cluster's HTTPS address as a client reaches it (the certificate names 127.0.0.1 too). */
const proxyBase = (cluster) => cluster.url.replace('//localhost:', '//127.0.0.1:');

/** Waits for `count()` to pass `before`; the instance logs arrive through a pipe, a moment late. */
async function grown(count, before, timeoutMs = 5000) {
  const started = performance.now();
  while (count() <= before) {
    if (performance.now() - started > timeoutMs) throw new Error('no instance logged the request');
    await sleep(5);
  }
}

/**
 * A notification from a course created through nginx to a student's stream held open through
 * nginx. Round robin sends the creates to both instances; each delivery is classed by whether the
 * create was answered by the instance holding the stream (A→A) or the other (A→B, which crosses
 * through PostgreSQL's LISTEN/NOTIFY).
 */
export async function crossInstance() {
  const missing = await missingPrerequisite();
  if (missing) return [{ scenario: 'crossinstance', value: `skipped: ${missing}` }];
  const TRIGGERS = 50;
  const cohort = { branch: 'Production Engineering', semester: 7 };
  return withCluster({ storage: 'local' }, async (cluster) => {
    const ca = readFileSync(cluster.cert);
    const base = proxyBase(cluster);
    const viaProxy = fetchTrusting(ca);
    // Accounts are made on one instance directly; the session they give holds on every instance.
    const setup = cluster.instances[0].url;
    await register(setup, { registrationId: '200000151', userrole: '1', fullname: 'Bench Professor' });
    await register(setup, { registrationId: '200000152', fullname: 'Bench Listener', branch: cohort.branch, semester: String(cohort.semester) });
    const prof = await sessionCookie(setup, '200000151');
    const student = await sessionCookie(setup, '200000152');
    const studentId = (await (await viaProxy(`${base}/api/v1/users/current-user`, { headers: { cookie: student } })).json()).data._id;

    const router = deliveryRouter();
    const stream = await openStream(base, STREAM, student, (ev) => router.onEvent(0, ev), { ca });
    try {
      const opened = (n) => n.logs.some((l) => l.msg === 'stream opened' && l.userId === studentId);
      await grown(() => cluster.instances.filter(opened).length, 0);
      const listening = cluster.instances.find(opened);

      const creates = (n) => n.requests().filter((r) => r.method === 'POST' && r.url === '/api/v1/courses/create-course').length;
      const total = () => cluster.instances.reduce((sum, n) => sum + creates(n), 0);
      const same = [];
      const crossed = [];
      const answers = [];
      for (let i = 0; i < TRIGGERS + 2; i++) {
        const before = cluster.instances.map(creates);
        const sum = total();
        const [arrival] = await timeDelivery(router.waiters, 1, async (title) => answers.push((await createCourse(base, prof, { title, ...cohort }, viaProxy)).ms), `Across ${i}`);
        await grown(total, sum);
        // The first two are warm-up.
        if (i < 2) continue;
        const servedBy = cluster.instances.find((n, k) => creates(n) > before[k]);
        (servedBy === listening ? same : crossed).push(arrival);
      }
      const row = (xs) => (xs.length ? `p50 ${ms(median(xs))}, p99 ${ms(percentile(xs, 99))}, max ${ms(Math.max(...xs))}` : 'none landed there');
      return [
        { scenario: 'crossinstance topology', value: `nginx (HTTPS) → ${cluster.instances.length} instances, one PostgreSQL; the stream on instance ${listening.name}` },
        { scenario: `crossinstance A→B delivery through nginx (${crossed.length})`, value: row(crossed) },
        { scenario: `crossinstance A→A delivery through nginx (${same.length})`, value: row(same) },
        { scenario: 'crossinstance create-course answer through nginx', value: `median ${ms(median(answers.slice(2)))}` },
      ];
    } finally {
      stream.close();
    }
  });
}

/**
 * A 20 MB notes file uploaded to an instance and downloaded from it, 3 times, with the files in a
 * local folder and then in the S3-protocol server. Requests go to the instance itself, so the
 * figure is the store's and the portal's, not nginx's TLS. The file is a PDF of random bytes: its
 * type passes the sniffing, and nothing compresses it on the way.
 */
export async function files() {
  const missing = await missingPrerequisite();
  if (missing) return [{ scenario: 'files', value: `skipped: ${missing}` }];
  const SIZE = 20 * 1024 * 1024;
  const ROUNDS = 3;
  const rows = [];
  for (const storage of ['local', 's3']) {
    rows.push(
      ...(await withCluster({ instances: 1, storage }, async (cluster) => {
        const base = cluster.instances[0].url;
        await register(base, { registrationId: '200000161', userrole: '1', fullname: 'Bench Professor' });
        const cookie = await sessionCookie(base, '200000161');
        const course = await createCourse(base, cookie, { title: 'Big files', semester: 4, branch: 'Computer Engineering' });
        const up = [];
        const down = [];
        for (let i = 0; i < ROUNDS; i++) {
          const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(SIZE - 9)]);
          const form = new FormData();
          form.append('filename', `Scans ${i}`);
          form.append('notesfile', new Blob([bytes], { type: 'application/pdf' }), `scans-${i}.pdf`);
          let t = performance.now();
          const created = await fetch(`${base}/api/v1/notes/create-notes/${course.id}`, { method: 'POST', headers: { cookie }, body: form });
          const body = await created.json();
          if (created.status !== 201 && created.status !== 200) throw new Error(`create-notes answered ${created.status}: ${JSON.stringify(body)}`);
          up.push(performance.now() - t);
          t = performance.now();
          const res = await fetch(new URL(body.data.notes.notesfile, base), { headers: { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
          const got = Buffer.from(await res.arrayBuffer());
          down.push(performance.now() - t);
          if (res.status !== 200 || !got.equals(bytes)) throw new Error(`the download (${res.status}, ${got.length} bytes) is not the file uploaded`);
        }
        const rate = (times) => times.map((t) => (SIZE / 1024 / 1024 / (t / 1000)).toFixed(0)).join(', ');
        const where = storage === 's3' ? 'S3 (s3rver)' : 'local folder';
        return [
          { scenario: `files upload 20 MB, ${where}`, value: `${rate(up)} MB/s (median ${ms(median(up))})` },
          { scenario: `files download 20 MB, ${where}`, value: `${rate(down)} MB/s (median ${ms(median(down))}), bytes equal` },
        ];
      })),
    );
  }
  return rows;
}

/**
 * A rolling deploy under load: 50 connections read a course through nginx while each instance in
 * turn gets SIGTERM, exits and starts again (as docs/deploy.md's loop does). Every request that
 * did not answer 200 counts as failed.
 */
export async function rollingRestart() {
  const missing = await missingPrerequisite();
  if (missing) return [{ scenario: 'rollingrestart', value: `skipped: ${missing}` }];
  const PAUSE_MS = 3000;
  // Request lines for every read would cost the bench process (which parses them) more than the load.
  return withCluster({ storage: 's3', env: { LOG_LEVEL: 'warn' } }, async (cluster) => {
    const setup = cluster.instances[0].url;
    await register(setup, { registrationId: '200000171', userrole: '1', fullname: 'Bench Professor' });
    await register(setup, { registrationId: '200000172', fullname: 'Bench Reader' });
    const prof = await sessionCookie(setup, '200000171');
    const reader = await sessionCookie(setup, '200000172');
    const course = await createCourse(setup, prof, { title: 'Read during the deploy', semester: 3, branch: 'Computer Engineering' });

    const load = autocannon({
      url: `${proxyBase(cluster)}/api/v1/courses/getcourse/${course.id}`,
      headers: { cookie: reader, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      connections: LOAD.connections,
      // Stopped once every instance has been restarted; this only bounds a run that hangs.
      duration: 120,
    });
    const steps = [];
    try {
      await sleep(PAUSE_MS);
      for (const node of cluster.instances) {
        const t = performance.now();
        const exitMs = await node.stop();
        await node.start();
        steps.push(`${node.name}: exit ${ms(exitMs)}, back in ${ms(performance.now() - t)}`);
        await sleep(PAUSE_MS);
      }
    } finally {
      load.stop();
    }
    const r = await load;
    const statuses = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}: ${s.count}`).join(', ');
    const failed = r.non2xx + r.errors;
    return [
      { scenario: `rollingrestart load (${LOAD.connections} connections through nginx)`, value: `${r.requests.total} reads in ${(r.duration).toFixed(0)} s, ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms (${statuses})` },
      { scenario: 'rollingrestart failed requests', value: `${failed} (non-2xx ${r.non2xx}, connection errors ${r.errors - r.timeouts}, timeouts ${r.timeouts})` },
      { scenario: 'rollingrestart instances', value: steps.join('; ') },
    ];
  });
}
