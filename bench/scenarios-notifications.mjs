// Notifications: the fan-out of a new course to a 10,000-student cohort, the notification list
// under load on a table of 1,000,000, memory, delivery latency and the shutdown of 1,000 open
// event streams; the immediate emails of a 10,000-student fan-out and the daily digest for
// 20,000 users, through a local SMTP server. Each runs on PGlite, or on a scratch database of the BENCH_DATABASE_URL server
// when that is set. Delivery between instances is the cluster's (scenarios-cluster.mjs).
import { median, percentile, limitsOff, rssBytes, startServer } from './lib/server.mjs';
import { register, sessionCookie } from './lib/accounts.mjs';
import { LOAD, loadRow, measureWarm, pairedWithBare, settle, shareRow } from './lib/load.mjs';
import { benchDatabase, studentsStatement, withSql } from './lib/seed.mjs';
import { openStream } from './lib/sse.mjs';
import { createCourse, deliveryRouter, timeDelivery } from './lib/delivery.mjs';
import { mailEnv, startSmtpSink } from './lib/smtp-sink.mjs';

const LIST = '/api/v1/notifications/getnotification';
const STREAM = '/api/v1/notifications/stream';
// Seeded students' registration ids (the courses seed uses 31xxxxxxx and 32xxxxxxx).
const STUDENT_REG = 330_000_000;

const ms = (v) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const fmt = (n) => n.toLocaleString('en-US');
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function getJson(url, cookie) {
  const res = await fetch(url, { headers: { cookie } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text}`);
  return { bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

/** `n` runs of `fn` (each resolving to a time in ms), in order. */
async function timesOf(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) times.push(await fn());
  return times;
}
const each = (times) => times.map((t) => t.toFixed(0)).join(', ');

/**
 * A course for a cohort of 10,000 students (one bulk INSERT … SELECT of notifications inside the
 * create's transaction), against the same create for a cohort of nobody, 5 times each.
 */
export async function fanout({ port }) {
  const cohort = { branch: 'Computer Engineering', semester: 5 };
  const empty = { branch: 'Computer Engineering', semester: 6 };
  const ROUNDS = 5;
  const COHORT = 10_000;
  const db = await benchDatabase('fanout');
  const env = { ...limitsOff, ...db.env };
  let server;
  try {
    server = await startServer({ port, env, dataDir: db.dataDir });
    await register(server.base, { registrationId: '200000101', userrole: '1', fullname: 'Bench Professor' });
    // One real account in the cohort, to read the notifications back through the API.
    await register(server.base, { registrationId: '200000102', fullname: 'Bench Cohort Student', ...cohort, semester: String(cohort.semester) });
    await server.stop();
    server = undefined;

    process.stderr.write(`  seeding ${db.label}…\n`);
    const seeded = await withSql(db.sql, async (query) => {
      const t = performance.now();
      await query(studentsStatement({ count: COHORT - 1, from: STUDENT_REG, ...cohort }));
      // Other students (semesters 1–4 of every branch): the cohort query must pick its 10,000 out.
      await query(studentsStatement({ count: 10_000, from: STUDENT_REG + 100_000, semesters: 4 }));
      await query('ANALYZE');
      const [c] = (
        await query(`SELECT count(*) FILTER (WHERE semester = ${cohort.semester} AND branch = '${cohort.branch}')::int AS cohort,
                            count(*) FILTER (WHERE semester = ${empty.semester} AND branch = '${empty.branch}')::int AS empty,
                            count(*)::int AS students FROM users WHERE userrole = 2`)
      ).rows;
      return { ...c, ms: performance.now() - t };
    });
    if (seeded.cohort !== COHORT || seeded.empty !== 0) throw new Error(`seed gave a cohort of ${seeded.cohort} and an "empty" one of ${seeded.empty}`);

    server = await startServer({ port, env, dataDir: db.dataDir });
    const prof = await sessionCookie(server.base, '200000101');
    const student = await sessionCookie(server.base, '200000102');
    // Warm-up (JIT, the pool's connections), not counted.
    for (let i = 0; i < 2; i++) await createCourse(server.base, prof, { title: `Warm-up ${i}`, ...empty });
    const full = [];
    const none = [];
    const ids = [];
    for (let i = 0; i < ROUNDS; i++) {
      const made = await createCourse(server.base, prof, { title: `Fan-out ${i}`, ...cohort });
      full.push(made.ms);
      ids.push(made.id);
      none.push((await createCourse(server.base, prof, { title: `Nobody's ${i}`, ...empty })).ms);
    }
    const listed = (await getJson(`${server.base}${LIST}`, student)).body.data;
    const listedCourses = listed.unreadnotifications.filter((n) => ids.some((id) => n.link === `/course/${id}`)).length;
    await server.stop();
    server = undefined;

    // The INSERT … SELECT that notify() runs, alone, straight on the database (rolled back).
    const direct = await withSql(db.sql, async (query) => {
      const counts = (await query(`SELECT link, count(*)::int AS n FROM notifications WHERE link IN (${ids.map((id) => `'/course/${id}'`).join(', ')}) GROUP BY link`)).rows;
      const insertMs = await timesOf(5, async () => {
        await query('BEGIN');
        try {
          const t = performance.now();
          await query(`WITH inserted AS (
              INSERT INTO notifications (recipient_id, content, link, created_at)
              SELECT r.id, 'New course "Direct" for ${cohort.branch}, semester ${cohort.semester}', '/course/direct', now()
              FROM (SELECT id FROM users WHERE userrole = 2 AND semester = ${cohort.semester} AND branch = '${cohort.branch}') AS r(id)
              RETURNING seq)
            SELECT min(seq), max(seq), count(*)::int FROM inserted`);
          return performance.now() - t;
        } finally {
          await query('ROLLBACK');
        }
      });
      return { counts, insertMs };
    });
    const perCourse = ids.map((id) => direct.counts.find((r) => r.link === `/course/${id}`)?.n ?? 0);
    const allThere = perCourse.every((n) => n === COHORT);

    return [
      { scenario: 'fanout database', value: db.label },
      { scenario: 'fanout seed', value: `${fmt(seeded.cohort)} students in ${cohort.branch} semester ${cohort.semester}, ${fmt(seeded.students)} students in all (${(seeded.ms / 1000).toFixed(1)} s)` },
      { scenario: `fanout create-course, ${fmt(COHORT)} told (${ROUNDS})`, value: `median ${ms(median(full))}, max ${ms(Math.max(...full))} (${each(full)} ms)` },
      { scenario: `fanout create-course, nobody told (${ROUNDS})`, value: `median ${ms(median(none))}, max ${ms(Math.max(...none))} (${each(none)} ms)` },
      { scenario: 'fanout cost in the request', value: `${ms(median(full) - median(none))} (difference of the medians)` },
      { scenario: 'fanout INSERT…SELECT alone', value: `median ${ms(median(direct.insertMs))} (${each(direct.insertMs)} ms; direct SQL on the stopped server's database, rolled back)` },
      {
        scenario: 'fanout check',
        value: `${allThere ? 'ok' : 'MISMATCH'}: notifications per course ${perCourse.join(', ')} (SQL); the cohort student's getnotification lists ${listedCourses} of the ${ROUNDS}`,
      },
    ];
  } finally {
    await server?.stop();
    await db.cleanup();
  }
}

/** GET getnotification of a user with 1,000 notifications, in a table of 1,000,000, under load. */
export async function notificationList({ port }) {
  const TOTAL = 1_000_000;
  const OTHERS = 9_999;
  const db = await benchDatabase('notificationlist');
  const env = { ...limitsOff, ...db.env };
  let server;
  try {
    server = await startServer({ port, env, dataDir: db.dataDir });
    const reader = await register(server.base, { registrationId: '200000111', fullname: 'Bench Reader' });
    await server.stop();
    server = undefined;

    process.stderr.write(`  seeding ${db.label} with ${fmt(TOTAL)} notifications…\n`);
    const seeded = await withSql(db.sql, async (query) => {
      const t = performance.now();
      await query(studentsStatement({ count: OTHERS, from: STUDENT_REG }));
      // Row n goes to the reader when n % 1000 = 0 (1,000 rows spread over the whole table, the
      // older half of them read), else to one of the others (the oldest 80 % read).
      await query(`INSERT INTO notifications (recipient_id, content, link, created_at, read_at)
        SELECT CASE WHEN n % 1000 = 0 THEN '${reader._id}'::uuid ELSE o.ids[1 + n % ${OTHERS}] END,
               'New course "Data Structures ' || n || '" for Computer Engineering, semester 3',
               '/course/' || gen_random_uuid(),
               now() - (${TOTAL} - n) * interval '10 seconds',
               CASE WHEN n <= (CASE WHEN n % 1000 = 0 THEN ${TOTAL / 2} ELSE ${TOTAL * 0.8} END)
                    THEN now() - (${TOTAL} - n) * interval '5 seconds' END
        FROM generate_series(1, ${TOTAL}) AS n
        CROSS JOIN (SELECT array_agg(id ORDER BY registration_id) AS ids FROM users
                    WHERE registration_id > ${STUDENT_REG} AND registration_id <= ${STUDENT_REG + OTHERS}) AS o`);
      await query('ANALYZE');
      const [c] = (await query(`SELECT count(*)::int AS total, count(*) FILTER (WHERE recipient_id = '${reader._id}')::int AS reader FROM notifications`)).rows;
      return { ...c, ms: performance.now() - t };
    });

    server = await startServer({ port, env, dataDir: db.dataDir });
    const cookie = await sessionCookie(server.base, '200000111');
    const url = `${server.base}${LIST}`;
    let probe;
    const aloneMs = median(await timesOf(5, async () => {
      const t = performance.now();
      probe = await getJson(url, cookie);
      return performance.now() - t;
    }));
    const d = probe.body.data;
    process.stderr.write(`  load: ${LOAD.connections} connections, ${LOAD.duration} s after ${LOAD.warmUp} s of warm-up\n`);
    // Beside what this machine serves at best at this load for an answer of the same size (bare
    // Fastify, a fixed string, no database), run just before it: the floor under the figure.
    const pair = await pairedWithBare(() => measureWarm(url, { headers: { cookie }, settleAt: server.base }), { port: port + 1, bytes: probe.bytes });
    const { m } = pair;
    // Let the queued requests finish before stopping: a server stopped with a backlog answers
    // the rest 500 (it ends the database pool while they still run).
    await settle(server.base);
    await server.stop();
    server = undefined;
    return [
      { scenario: 'notificationlist database', value: db.label },
      { scenario: 'notificationlist seed', value: `${fmt(seeded.total)} notifications, ${fmt(seeded.reader)} of them the reader's (${(seeded.ms / 1000).toFixed(1)} s)` },
      loadRow(`getnotification (${LOAD.connections} connections)`, m),
      {
        scenario: 'getnotification response',
        value: `${(probe.bytes / 1024).toFixed(1)} KB, ${d.unreadnotifications.length} unread + ${d.readnotifications.length} read, ${ms(aloneMs)} alone`,
      },
      loadRow(`bare Fastify, same-size answer (${LOAD.connections} connections)`, pair.bare),
      shareRow('getnotification / same-size bare route', pair),
    ];
  } finally {
    await server?.stop();
    await db.cleanup();
  }
}

/** Opens `count` streams over `cookies` (round robin), `parallel` at a time. */
async function openStreams(base, cookies, count, parallel, onEvent) {
  const streams = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      streams[i] = await openStream(base, STREAM, cookies[i % cookies.length], (ev) => onEvent(i, ev));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return streams;
}

/** 1,000 open streams on one instance: the server's memory for them, and delivery to all. */
export async function streams({ port }) {
  const STREAMS = 1_000;
  const USERS = 10;
  const TRIGGERS = 20;
  const cohort = { branch: 'Textile Engineering', semester: 8 };
  const db = await benchDatabase('streams');
  const env = { ...limitsOff, ...db.env };
  let server;
  let open = [];
  try {
    server = await startServer({ port, env, dataDir: db.dataDir });
    const { base } = server;
    await register(base, { registrationId: '200000121', userrole: '1', fullname: 'Bench Professor' });
    const prof = await sessionCookie(base, '200000121');
    const cookies = [];
    for (let i = 0; i < USERS; i++) {
      const id = String(200000130 + i);
      await register(base, { registrationId: id, fullname: `Bench Listener ${i}`, branch: cohort.branch, semester: String(cohort.semester) });
      cookies.push(await sessionCookie(base, id));
    }
    // Warm the stream route and the notification path once, then let the heap settle.
    const router = deliveryRouter();
    const warm = await openStreams(base, cookies.slice(0, 1), 1, 1, router.onEvent);
    await timeDelivery(router.waiters, 1, (title) => createCourse(base, prof, { title, ...cohort }), 'Warm-up');
    warm[0].close();
    await new Promise((r) => setTimeout(r, 2000));
    const before = rssBytes(server.child.pid);

    const t = performance.now();
    open = await openStreams(base, cookies, STREAMS, 20, router.onEvent);
    const openMs = performance.now() - t;
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssBytes(server.child.pid);

    const perStream = [];
    const toAll = [];
    const requests = [];
    for (let i = 0; i < TRIGGERS; i++) {
      const arrivals = await timeDelivery(
        router.waiters,
        STREAMS,
        async (title) => requests.push((await createCourse(base, prof, { title, ...cohort })).ms),
        `Delivery probe ${i}`,
      );
      perStream.push(...arrivals);
      toAll.push(Math.max(...arrivals));
    }
    const afterDelivery = rssBytes(server.child.pid);
    // SIGTERM with every stream still open, as a deploy sends it: the drain ends each stream with
    // a reconnect hint, and the process exits.
    const endings = Promise.all(open.map((s) => s.ended));
    const exitMs = await server.stop();
    server = undefined;
    const hinted = (await endings).filter((e) => e.clean && e.retry !== undefined).length;
    return [
      { scenario: 'streams database', value: db.label },
      { scenario: `streams open (${fmt(STREAMS)} over ${USERS} users)`, value: `${ms(openMs)} to open all, 20 at a time` },
      {
        scenario: 'streams server RSS',
        value: `${mb(before)} before, ${mb(after)} with ${fmt(STREAMS)} open (${((after - before) / STREAMS / 1024).toFixed(1)} KB per stream), ${mb(afterDelivery)} after ${TRIGGERS} deliveries`,
      },
      { scenario: `streams delivery, per stream (${TRIGGERS}×${fmt(STREAMS)})`, value: `p50 ${ms(median(perStream))}, p99 ${ms(percentile(perStream, 99))} from the create-course request` },
      { scenario: `streams delivery, to all ${fmt(STREAMS)} (${TRIGGERS})`, value: `p50 ${ms(median(toAll))}, p99 ${ms(percentile(toAll, 99))}, max ${ms(Math.max(...toAll))}` },
      { scenario: 'streams create-course answer', value: `median ${ms(median(requests))} (${USERS} told, ${fmt(STREAMS)} streams open)` },
      { scenario: `streams SIGTERM to exit (${fmt(STREAMS)} open)`, value: `${ms(exitMs)}; ${fmt(hinted)} of ${fmt(STREAMS)} streams ended by the server with a retry hint` },
    ];
  } finally {
    for (const s of open) s.close();
    await server?.stop();
    await db.cleanup();
  }
}

// Students of the mail scenarios (the other seeds use 31x, 32x and 33x…).
const MAIL_STUDENT_REG = 350_000_000;
const DIGEST_STUDENT_REG = 360_000_000;

/**
 * Immediate emails of a fan-out (issue 18): a course for 10,000 students who chose an email at
 * once for courses, against the same for 10,000 who did not and for nobody; the request's time,
 * and the time until a local SMTP server has accepted the last of the 10,000 emails.
 */
export async function mailFanout({ port }) {
  const mailed = { branch: 'Computer Engineering', semester: 5 };
  const quiet = { branch: 'Computer Engineering', semester: 7 };
  const empty = { branch: 'Computer Engineering', semester: 6 };
  const ROUNDS = 3;
  const COHORT = 10_000;
  const sink = await startSmtpSink();
  const db = await benchDatabase('mailfanout');
  const env = { ...limitsOff, ...db.env, ...mailEnv(sink, `http://127.0.0.1:${port}`) };
  let server;
  try {
    server = await startServer({ port, env, dataDir: db.dataDir });
    await register(server.base, { registrationId: '200000201', userrole: '1', fullname: 'Bench Professor' });
    await server.stop();
    server = undefined;

    process.stderr.write(`  seeding ${db.label}…\n`);
    const seeded = await withSql(db.sql, async (query) => {
      await query(studentsStatement({ count: COHORT, from: MAIL_STUDENT_REG, ...mailed }));
      await query(studentsStatement({ count: COHORT, from: MAIL_STUDENT_REG + 20_000, ...quiet }));
      // The mailed cohort chose an email at once for courses; the quiet one never chose (no row).
      await query(`INSERT INTO notification_preferences (user_id, courses)
        SELECT id, 'immediate' FROM users WHERE userrole = 2 AND semester = ${mailed.semester} AND branch = '${mailed.branch}'`);
      await query('VACUUM ANALYZE');
      return (await query(`SELECT count(*)::int AS n FROM notification_preferences WHERE courses = 'immediate'`)).rows[0].n;
    });
    if (seeded !== COHORT) throw new Error(`seed gave ${seeded} students with immediate emails`);

    server = await startServer({ port, env, dataDir: db.dataDir });
    const prof = await sessionCookie(server.base, '200000201');
    for (let i = 0; i < 2; i++) {
      await createCourse(server.base, prof, { title: `Warm-up ${i}`, ...empty });
      await createCourse(server.base, prof, { title: `Warm-up quiet ${i}`, ...quiet });
    }
    const none = [];
    const told = [];
    const emailed = [];
    const drains = [];
    const firsts = [];
    for (let i = 0; i < ROUNDS; i++) {
      none.push((await createCourse(server.base, prof, { title: `Nobody's ${i}`, ...empty })).ms);
      told.push((await createCourse(server.base, prof, { title: `Told ${i}`, ...quiet })).ms);
      const before = sink.accepted.length;
      const t0 = performance.now();
      emailed.push((await createCourse(server.base, prof, { title: `Emailed ${i}`, ...mailed })).ms);
      await sink.waitFor(before + COHORT);
      firsts.push(sink.accepted[before].at - t0);
      drains.push(sink.accepted[before + COHORT - 1].at - t0);
    }
    const round = sink.accepted.slice(-COHORT);
    // Header lines as sent, long ones unfolded.
    const headers = (m) => m.head.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
    const withHeaders = round.filter((m) => /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/v1\/notifications\/unsubscribe\?token=[^>]+>\r?$/m.test(headers(m)) && /^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m.test(headers(m))).length;
    const recipients = new Set(round.map((m) => m.to[0])).size;
    await server.stop();
    server = undefined;
    const jobs = await withSql(db.sql, async (query) => (await query(`SELECT count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent, count(*)::int AS all FROM mail_jobs`)).rows[0]);
    const ok = jobs.sent === ROUNDS * COHORT && jobs.all === ROUNDS * COHORT && withHeaders === COHORT && recipients === COHORT;
    const s = (v) => `${(v / 1000).toFixed(1)} s`;
    return [
      { scenario: 'mailfanout database', value: db.label },
      { scenario: `mailfanout create-course, nobody told (${ROUNDS})`, value: `median ${ms(median(none))} (${each(none)} ms)` },
      { scenario: `mailfanout create-course, ${fmt(COHORT)} told, none by email (${ROUNDS})`, value: `median ${ms(median(told))} (${each(told)} ms)` },
      { scenario: `mailfanout create-course, ${fmt(COHORT)} told and emailed (${ROUNDS})`, value: `median ${ms(median(emailed))} (${each(emailed)} ms)` },
      { scenario: 'mailfanout the emails\' cost in the request', value: `${ms(median(emailed) - median(told))} (difference of the medians: ${fmt(COHORT)} mail_jobs rows in the fan-out's statement)` },
      { scenario: 'mailfanout first email accepted by SMTP', value: `median ${ms(median(firsts))} after the request began (${each(firsts)} ms)` },
      { scenario: `mailfanout last of ${fmt(COHORT)} accepted by SMTP`, value: `median ${s(median(drains))} after the request began (${drains.map(s).join(', ')}), ${fmt(Math.round(COHORT / (median(drains) / 1000)))} emails/s, one instance, default worker (5 connections, batches of 200)` },
      { scenario: 'mailfanout check', value: `${ok ? 'ok' : 'MISMATCH'}: ${fmt(jobs.sent)} of ${fmt(jobs.all)} jobs sent; last round ${fmt(recipients)} recipients, ${fmt(withHeaders)} with List-Unsubscribe and List-Unsubscribe-Post` },
    ];
  } finally {
    await server?.stop();
    await sink.stop();
    await db.cleanup();
  }
}

/**
 * The daily digest for 20,000 users who chose it (issue 18), on a notifications table holding a
 * day of theirs (5 each for 9 in 10 of them; 1 in 10 got nothing) and 20 days of history: the
 * digest statement's time, as the scheduler logs it at start, the time until the last digest is
 * accepted by a local SMTP server, and a second run for the same day (a restart) queuing nothing.
 */
export async function digest({ port }) {
  const USERS = 20_000;
  const sink = await startSmtpSink();
  const db = await benchDatabase('digest');
  // The digest hour is the last hour that began: the scheduler runs the digest at start, for a
  // day that ended then. The campus clock is UTC so that the hour is easy to pick.
  const hour = (new Date().getUTCHours() + 23) % 24;
  const mail = { ...mailEnv(sink, `http://127.0.0.1:${port}`), CAMPUS_TZ: 'UTC', MAIL_DIGEST_HOUR: String(hour), LOG_LEVEL: 'info' };
  const env = { ...limitsOff, ...db.env };
  let server;
  const runs = [];
  const onLog = (line) => {
    if (!line.includes('daily digest')) return;
    const entry = JSON.parse(line);
    if (entry.msg === 'daily digest queued') runs.push(entry);
  };
  const nextRun = async (count) => {
    const deadline = Date.now() + 300_000;
    while (runs.length < count) {
      if (Date.now() > deadline) throw new Error('the digest did not run within 5 minutes');
      await new Promise((r) => setTimeout(r, 20));
    }
    return runs[count - 1];
  };
  try {
    // Migrated with mail off, so no digest runs before the data is there.
    server = await startServer({ port, env, dataDir: db.dataDir });
    await server.stop();
    server = undefined;

    process.stderr.write(`  seeding ${db.label}…\n`);
    const seeded = await withSql(db.sql, async (query) => {
      const t = performance.now();
      await query(studentsStatement({ count: USERS, from: DIGEST_STUDENT_REG }));
      await query(`INSERT INTO notification_preferences (user_id, courses, notes) SELECT id, 'daily', 'daily' FROM users WHERE userrole = 2`);
      // The day's window ends when the digest hour began (now, truncated, minus an hour).
      const end = `(date_trunc('hour', now()) - interval '1 hour')`;
      // History first, then the day, in time order as a live table fills.
      await query(`INSERT INTO notifications (recipient_id, content, link, kind, created_at)
        SELECT u.id, 'New course "History ' || g || '" for ' || u.branch, '/all-notifications', 'courses', ${end} - interval '1 day' - (21 - g) * interval '1 day' + (u.registration_id % 600) * interval '1 second'
        FROM generate_series(1, 20) AS g CROSS JOIN users AS u WHERE u.userrole = 2
        ORDER BY 5`);
      await query(`INSERT INTO notifications (recipient_id, content, link, kind, created_at)
        SELECT u.id,
               CASE WHEN g = 5 THEN 'Your marksheet for semester ' || u.semester || ' is ready'
                    WHEN g % 2 = 0 THEN 'New notes "Week ' || g || '" in "Course ' || (u.registration_id % 2000) || '"'
                    ELSE 'New course "Course ' || (u.registration_id % 2000 + g) || '" for ' || u.branch || ', semester ' || u.semester END,
               '/course/' || gen_random_uuid(),
               CASE WHEN g = 5 THEN 'marksheets' WHEN g % 2 = 0 THEN 'notes' ELSE 'courses' END,
               ${end} - interval '23 hours' + g * interval '4 hours' + (u.registration_id % 3000) * interval '1 second'
        FROM generate_series(1, 5) AS g CROSS JOIN users AS u WHERE u.userrole = 2 AND u.registration_id % 10 <> 0
        ORDER BY 5`);
      await query('VACUUM ANALYZE');
      const [c] = (
        await query(`SELECT (SELECT count(*) FROM notifications)::int AS notifications,
          (SELECT count(DISTINCT recipient_id) FROM notifications WHERE created_at >= ${end} - interval '1 day' AND created_at < ${end} AND kind IN ('courses', 'notes'))::int AS due`)
      ).rows;
      return { ...c, ms: performance.now() - t };
    });

    server = await startServer({ port, env: { ...env, ...mail }, dataDir: db.dataDir, onLog });
    const first = await nextRun(1);
    await sink.waitFor(first.queued);
    const last = sink.accepted.at(-1);
    const sample = sink.accepted[0]?.head ?? '';
    const recipients = new Set(sink.accepted.map((m) => m.to[0])).size;
    // A restart the same day: the scheduler runs again, and the dedupe keys leave nothing to queue.
    await server.stop();
    server = await startServer({ port, env: { ...env, ...mail }, dataDir: db.dataDir, onLog });
    const again = await nextRun(2);
    await new Promise((r) => setTimeout(r, 1_000));
    const received = sink.accepted.length;
    await server.stop();
    server = undefined;
    const ok = first.queued === seeded.due && again.queued === 0 && received === seeded.due && recipients === seeded.due && /^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m.test(sample);
    return [
      { scenario: 'digest database', value: db.label },
      { scenario: 'digest seed', value: `${fmt(USERS)} users with a daily digest (courses, notes); ${fmt(seeded.notifications)} notifications, ${fmt(seeded.due)} users with something new in the day (${(seeded.ms / 1000).toFixed(1)} s)` },
      { scenario: `digest run for ${fmt(USERS)} users`, value: `${ms(first.ms)}: one INSERT … SELECT queuing ${fmt(first.queued)} emails` },
      { scenario: 'digest last email accepted by SMTP', value: `${((last.wall - first.time) / 1000).toFixed(1)} s after the run was logged (${fmt(Math.round(first.queued / ((last.wall - first.time) / 1000)))} emails/s, one instance)` },
      { scenario: 'digest second run, same day (restart)', value: `${ms(again.ms)}, ${fmt(again.queued)} queued` },
      { scenario: 'digest check', value: `${ok ? 'ok' : 'MISMATCH'}: ${fmt(received)} emails to ${fmt(recipients)} users, ${fmt(seeded.due)} due` },
    ];
  } finally {
    await server?.stop();
    await sink.stop();
    await db.cleanup();
  }
}
