// Administration and the audit trail (issue 30): the user search over 100,000 users, what the
// audit write adds to remove-student and to an administrator's update, and how soon a
// deactivation reaches another instance. PGlite, or a scratch database of BENCH_DATABASE_URL
// (the other instance needs a server both processes reach, so that row is PostgreSQL's only).
// BENCH_BASELINE names a server build of the commit before the audit trail
// (apps/server/dist/server.js of it): remove-student is then timed on it too, on the same seed.
import { BENCH_PASSWORD, register, sessionCookie } from './lib/accounts.mjs';
import { createCourse } from './lib/delivery.mjs';
import { benchDatabase, studentsStatement, withSql } from './lib/seed.mjs';
import { limitsOff, median, percentile, startServer } from './lib/server.mjs';

const USERS = 100_000;
const FROM = 340_000_000;
const ADMIN = '100000000';
const PROFESSOR = '200000201';
const STUDENT = '200000202';
const ROUNDS = 200;

const ms = (v) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const stats = (xs) => `median ${ms(median(xs))}, p99 ${ms(percentile(xs, 99))} (${xs.length})`;

async function timed(url, init) {
  const t = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const elapsed = performance.now() - t;
  if (res.status !== 200) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return { ms: elapsed, body: JSON.parse(text) };
}

/** A fresh database with the bench's accounts made through the API, then 100,000 students seeded beside them. */
async function seeded(name, port, entry) {
  const db = await benchDatabase(name);
  const env = { ...limitsOff, ...db.env, ADMIN_PASSWORD: BENCH_PASSWORD };
  let server = await startServer({ port, env, dataDir: db.dataDir, entry });
  await register(server.base, { registrationId: PROFESSOR, userrole: '1', fullname: 'Bench Professor' });
  await register(server.base, { registrationId: STUDENT, fullname: 'Bench Removed Student' });
  await server.stop();
  await withSql(db.sql, async (query) => {
    await query(studentsStatement({ count: USERS, from: FROM }));
    await query('VACUUM ANALYZE');
  });
  server = await startServer({ port, env, dataDir: db.dataDir, entry });
  return { db, env, server };
}

/** Remove-student, timed, ROUNDS times: the student joins again between two removals (not timed). */
async function removeStudentTimes(base) {
  const professor = await sessionCookie(base, PROFESSOR);
  const student = await sessionCookie(base, STUDENT);
  const { id } = await createCourse(base, professor, { title: 'Bench removals', semester: 3, branch: 'Computer Engineering' });
  const me = (await timed(`${base}/api/v1/users/current-user`, { headers: { cookie: student } })).body.data._id;
  const times = [];
  for (let i = 0; i < ROUNDS + 10; i++) {
    await timed(`${base}/api/v1/courses/addstudenttocourse/${id}`, { method: 'PATCH', headers: { cookie: student } });
    const removed = await timed(`${base}/api/v1/courses/removestudent/${id}/${me}`, { method: 'PATCH', headers: { cookie: professor } });
    // The first ten warm the JIT and the pool.
    if (i >= 10) times.push(removed.ms);
  }
  return times;
}

export async function admin({ port }) {
  const rows = [];
  // Each figure is said as soon as it is measured: a long run that fails later keeps what it had.
  const push = (row) => {
    rows.push(row);
    process.stderr.write(`  ${row.scenario}: ${row.value}\n`);
  };
  const { db, env, server } = await seeded('admin', port);
  let other;
  try {
    push({ scenario: 'admin database', value: `${db.label}, ${USERS.toLocaleString('en-US')} seeded students` });
    const cookie = await sessionCookie(server.base, ADMIN);
    const search = async (q) => {
      const times = [];
      for (let i = 0; i < ROUNDS + 10; i++) {
        const r = await timed(`${server.base}/api/v1/admin/users?q=${encodeURIComponent(q)}`, { headers: { cookie } });
        if (i >= 10) times.push(r.ms);
        if (i === 0 && r.body.data.users.length === 0) throw new Error(`search "${q}" found nobody`);
      }
      return times;
    };
    // Names in the seed are 20 first names × 18 last names: a last name is in 1 of 18 users, a
    // whole name in 1 of 360; an email part with a registration id's digits is in one user's.
    for (const [what, q] of [['a last name', 'kulkarn'], ['part of a whole name', 'nanya pati'], ['an email part (one user)', 'ent340051234@'], ['a registration id prefix', '3400512']]) {
      push({ scenario: `admin search, ${what} ("${q}")`, value: stats(await search(q)) });
    }

    const after = await removeStudentTimes(server.base);
    push({ scenario: 'admin remove-student, with its audit entry', value: stats(after) });

    // An administrator's update, and the same transaction's audit INSERT alone (rolled back).
    const target = (await timed(`${server.base}/api/v1/admin/users?q=3400500`, { headers: { cookie } })).body.data.users[0]._id;
    const updates = [];
    for (let i = 0; i < ROUNDS + 10; i++) {
      const r = await timed(`${server.base}/api/v1/admin/users/${target}`, { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ semester: 1 + (i % 8) }) });
      if (i >= 10) updates.push(r.ms);
    }
    push({ scenario: 'admin update (PATCH /admin/users/:id), with its audit entry', value: stats(updates) });

    // Deactivation seen by another instance on the same database (PostgreSQL only).
    if (db.postgres) {
      other = await startServer({ port: port + 1, env, dataDir: db.dataDir });
      const student = (await timed(`${server.base}/api/v1/admin/users?q=${STUDENT}`, { headers: { cookie } })).body.data.users[0]._id;
      const reach = [];
      for (let i = 0; i < 10; i++) {
        const session = await sessionCookie(other.base, STUDENT);
        await timed(`${other.base}/api/v1/users/current-user`, { headers: { cookie: session } });
        const t = performance.now();
        await timed(`${server.base}/api/v1/admin/users/${student}`, { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ active: false }) });
        while ((await fetch(`${other.base}/api/v1/users/current-user`, { headers: { cookie: session } })).status !== 401) {
          if (performance.now() - t > 5_000) throw new Error('the other instance still served the session after 5 s');
        }
        reach.push(performance.now() - t);
        await timed(`${server.base}/api/v1/admin/users/${student}`, { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ active: true }) });
      }
      push({ scenario: 'admin deactivation reaching another instance', value: `median ${ms(median(reach))}, max ${ms(Math.max(...reach))} (10)` });
    } else {
      push({ scenario: 'admin deactivation reaching another instance', value: 'needs BENCH_DATABASE_URL (two processes on one database)' });
    }
    await other?.stop();
    other = undefined;
    await server.stop();

    // The audit INSERT alone, straight on the database, rolled back each time.
    const insert = await withSql(db.sql, async (query) => {
      const ids = (await query(`SELECT id FROM users WHERE registration_id IN (${ADMIN}, ${FROM + 500})`)).rows.map((r) => r.id);
      const times = [];
      for (let i = 0; i < ROUNDS; i++) {
        await query('BEGIN');
        const t = performance.now();
        await query(`INSERT INTO audit_entries (action, actor_id, target_id, details, ip) VALUES ('user.updated', '${ids[0]}', '${ids[1]}', '{"changes":{"semester":{"from":3,"to":4}}}', '127.0.0.1')`);
        times.push(performance.now() - t);
        await query('ROLLBACK');
      }
      return times;
    });
    push({ scenario: 'admin audit INSERT alone (rolled back)', value: `${stats(insert)}; ${((median(insert) / median(updates)) * 100).toFixed(1)} % of the update's median, ${((median(insert) / median(after)) * 100).toFixed(1)} % of remove-student's` });
  } finally {
    await other?.stop();
    await db.cleanup();
  }

  if (process.env.BENCH_BASELINE) {
    const base = await seeded('admin-baseline', port, process.env.BENCH_BASELINE);
    try {
      const before = await removeStudentTimes(base.server.base);
      push({ scenario: 'admin remove-student, baseline build (no audit)', value: stats(before) });
    } finally {
      await base.server.stop();
      await base.db.cleanup();
    }
  }
  return rows;
}
