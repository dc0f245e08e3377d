// The registrar's roster (issue 24): 20,000 users previewed, applied and applied again; 60,000
// enrolments over 2,000 courses applied; the server's memory while a 20 MB file is read. PGlite,
// or a scratch database of BENCH_DATABASE_URL. Each import goes over a real socket, timed from
// the request's start to its answer, as the administrator's browser sees it.
import { readFileSync, writeFileSync } from 'node:fs';
import { BENCH_PASSWORD, sessionCookie } from './lib/accounts.mjs';
import { benchDatabase } from './lib/seed.mjs';
import { limitsOff, startServer } from './lib/server.mjs';

const ADMIN = '100000000';
const USERS = 20_000;
const COURSES = 2_000;
const PROFESSORS = 200;
const ENROLMENTS = 60_000;
const MB = 1024 * 1024;

const FIRST = ['Aarav', 'Ananya', 'Rohan', 'Meera', 'Vihaan', 'Ishita', 'अनन्या', 'रोहन', 'Kabir', 'Diya'];
const LAST = ['Patil', 'Sharma', 'Iyer', 'Kulkarni', 'शर्मा', 'Nair', 'Reddy', 'Das'];
const BRANCHES = ['Computer Engineering', 'Civil Engineering', 'Textile Engineering', 'Electrical Engineering'];

/** A users CSV the way a registrar's export looks: a BOM, columns in its own order, quoted names with commas. */
function usersCsv(count, from, role = 'student', pad = 0) {
  const lines = ['\uFEFFemail,fullname,registrationId,branch,semester,role'];
  for (let i = 0; i < count; i++) {
    const id = from + i;
    const name = `${LAST[i % LAST.length]}, ${FIRST[(i * 7) % FIRST.length]}${pad ? ` ${'x'.repeat(pad)}` : ''}`;
    lines.push(`user${id}@campus.test,"${name}",${id},${BRANCHES[i % BRANCHES.length]},${1 + (i % 8)},${role}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

function coursesCsv(from, owners) {
  const lines = ['coursenumber,title,description,semester,branch,owner,examDate'];
  for (let i = 0; i < COURSES; i++) {
    lines.push(`${from + i},Course ${i},"Lectures, labs and an exam",${1 + (i % 8)},${BRANCHES[i % BRANCHES.length]},${owners + (i % PROFESSORS)},2099-05-${String(1 + (i % 28)).padStart(2, '0')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** 60,000 enrolments: each of the 20,000 students in 3 of the 2,000 courses. */
function enrolmentsCsv(students, courses) {
  const lines = ['coursenumber,registrationId,status'];
  for (let i = 0; i < ENROLMENTS; i++) {
    const student = i % USERS;
    const course = (student * 3 + Math.floor(i / USERS) * 701) % COURSES;
    lines.push(`${courses + course},${students + student},active`);
  }
  return `${lines.join('\n')}\n`;
}

/** Sends a roster file; the answer's import and the milliseconds it took. */
async function send(base, cookie, kind, csv, dryRun) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('dryRun', String(dryRun));
  form.append('file', new Blob([csv], { type: 'text/csv' }), `${kind}.csv`);
  const t = performance.now();
  const res = await fetch(`${base}/api/v1/admin/imports`, { method: 'POST', headers: { cookie }, body: form });
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 201) throw new Error(`${kind} import answered ${res.status}: ${text.slice(0, 300)}`);
  const imported = JSON.parse(text).data.import;
  if (imported.counts.errors > 0) throw new Error(`${kind} import found errors: ${JSON.stringify(imported.errors.slice(0, 3))}`);
  return { ms, imported };
}

/** The server's peak resident memory so far (VmHWM), in bytes. */
const peakRss = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB$/m)[1]) * 1024;
const rss = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m)[1]) * 1024;

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const counts = ({ created, updated, unchanged, removed }) => `${created} created, ${updated} updated, ${unchanged} unchanged, ${removed} removed`;

export async function importRoster({ port }) {
  const rows = [];
  const push = (row) => {
    rows.push(row);
    process.stderr.write(`  ${row.scenario}: ${row.value}\n`);
  };
  const db = await benchDatabase('import');
  const env = { ...limitsOff, ...db.env, ADMIN_PASSWORD: BENCH_PASSWORD, SIGNUP: 'closed' };
  let server = await startServer({ port, env, dataDir: db.dataDir });
  let memoryDb;
  try {
    push({ scenario: 'import database', value: db.label });
    const cookie = await sessionCookie(server.base, ADMIN, BENCH_PASSWORD);
    const students = usersCsv(USERS, 360_000_000);
    const preview = await send(server.base, cookie, 'users', students, true);
    push({ scenario: `import ${USERS.toLocaleString('en-US')} users, dry run`, value: `${seconds(preview.ms)} (${counts(preview.imported.counts)}; ${(students.length / MB).toFixed(1)} MB)` });
    const applied = await send(server.base, cookie, 'users', students, false);
    push({ scenario: `import ${USERS.toLocaleString('en-US')} users, apply`, value: `${seconds(applied.ms)} (${counts(applied.imported.counts)})` });
    const again = await send(server.base, cookie, 'users', students, false);
    push({ scenario: `import ${USERS.toLocaleString('en-US')} users, applied again`, value: `${seconds(again.ms)} (${counts(again.imported.counts)})` });

    await send(server.base, cookie, 'users', usersCsv(PROFESSORS, 370_000_000, 'professor'), false);
    const made = await send(server.base, cookie, 'courses', coursesCsv(380_000_000, 370_000_000), false);
    push({ scenario: `import ${COURSES.toLocaleString('en-US')} courses, apply`, value: `${seconds(made.ms)} (${counts(made.imported.counts)})` });
    const enrolments = enrolmentsCsv(360_000_000, 380_000_000);
    const enrolled = await send(server.base, cookie, 'enrolments', enrolments, false);
    push({ scenario: `import ${ENROLMENTS.toLocaleString('en-US')} enrolments over ${COURSES.toLocaleString('en-US')} courses, apply`, value: `${seconds(enrolled.ms)} (${counts(enrolled.imported.counts)})` });
    const enrolledAgain = await send(server.base, cookie, 'enrolments', enrolments, false);
    push({ scenario: 'import enrolments, applied again', value: `${seconds(enrolledAgain.ms)} (${counts(enrolledAgain.imported.counts)})` });

    // Memory: a fresh server on a fresh database, its peak reset once it is idle (clear_refs 5),
    // so that the peak is this file's alone.
    await server.stop();
    memoryDb = await benchDatabase('import-memory');
    server = await startServer({ port, env: { ...env, ...memoryDb.env }, dataDir: memoryDb.dataDir });
    const adminAgain = await sessionCookie(server.base, ADMIN, BENCH_PASSWORD);
    const big = usersCsv(200_000, 400_000_000, 'student', 12);
    const pid = server.child.pid;
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const idle = rss(pid);
    const large = await send(server.base, adminAgain, 'users', big, true);
    const peak = peakRss(pid);
    const growth = peak - idle;
    push({
      scenario: `import ${(big.length / MB).toFixed(1)} MB users file (200,000 rows), dry run`,
      value: `${seconds(large.ms)}; server RSS ${(idle / MB).toFixed(0)} MB idle, peak ${(peak / MB).toFixed(0)} MB: +${(growth / MB).toFixed(0)} MB, ${(growth / big.length).toFixed(2)}× the file`,
    });
  } finally {
    await server.stop();
    await db.cleanup();
    await memoryDb?.cleanup();
  }
  return rows;
}
