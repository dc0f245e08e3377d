// Coursework for a class of 300: the owner's list of the class's work (p99 of sequential reads),
// returning 300 drafted marks in one action, and handing in a 20 MB file against a bare upload of
// the same bytes to the same store (a notes file: the same streaming, sniffing and storing, and
// nothing of coursework).
import { performance } from 'node:perf_hooks';
import { limitsOff, median, percentile, startServer } from './lib/server.mjs';
import { register, sessionCookie } from './lib/accounts.mjs';
import { machineRow } from './lib/load.mjs';
import { createCourse } from './lib/delivery.mjs';
import { benchDatabase, studentsStatement, withSql } from './lib/seed.mjs';

const CLASS = 300;
const PROFESSOR_REG = '200000201';
const STUDENT_REG = 340_000_000;
const RETURNS = 5;
const LIST_READS = 200;
const UPLOADS = 15;
const UPLOAD_BYTES = 20 * 1024 * 1024;

const ms = (v) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const each = (times) => times.map((t) => t.toFixed(0)).join(', ');

async function call(base, cookie, method, path, body) {
  const init = { method, headers: { cookie } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  const t = performance.now();
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  const elapsed = performance.now() - t;
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { ms: elapsed, data: JSON.parse(text).data };
}

/** A published assignment due in a week, out of 10 (JSON fields of the multipart form). */
function assignmentForm(title) {
  const form = new FormData();
  const fields = { kind: 'assignment', title, maxMarks: '10', dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString() };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** A file of `bytes` that sniffs as a PDF (the server reads the leading bytes), unique per `tag`. */
function pdfOf(bytes, tag) {
  const body = Buffer.alloc(bytes, 0x20);
  body.write(`%PDF-1.4\n% ${tag}\n`, 0);
  body.write('\n%%EOF\n', bytes - 7);
  return new Blob([body], { type: 'application/pdf' });
}

export async function coursework({ port }) {
  const db = await benchDatabase('coursework');
  const env = { ...limitsOff, ...db.env };
  let server;
  try {
    server = await startServer({ port, env, dataDir: db.dataDir });
    await register(server.base, { registrationId: PROFESSOR_REG, userrole: '1', fullname: 'Bench Professor' });
    const studentReg = String(STUDENT_REG);
    await register(server.base, { registrationId: studentReg, fullname: 'Bench Student' });
    const prof = await sessionCookie(server.base, PROFESSOR_REG);
    const student = await sessionCookie(server.base, studentReg);
    const course = await createCourse(server.base, prof, { title: 'Bench coursework', semester: 8, branch: 'Civil Engineering' });
    await call(server.base, student, 'PATCH', `/api/v1/courses/addstudenttocourse/${course.id}`);
    const listed = (await call(server.base, prof, 'POST', `/api/v1/coursework/course/${course.id}`, assignmentForm('The list'))).data.assignment._id;
    const returned = [];
    for (let i = 0; i < RETURNS; i++) returned.push((await call(server.base, prof, 'POST', `/api/v1/coursework/course/${course.id}`, assignmentForm(`Return ${i}`))).data.assignment._id);
    const submitted = (await call(server.base, prof, 'POST', `/api/v1/coursework/course/${course.id}`, assignmentForm('Hand-ins'))).data.assignment._id;
    await server.stop();
    server = undefined;

    // The rest of the class, each with a hand-in on the listed assignment and a drafted mark on
    // it and on every one to be returned: written straight into the stopped server's database.
    process.stderr.write(`  seeding ${db.label} with a class of ${CLASS}…\n`);
    await withSql(db.sql, async (query) => {
      await query(studentsStatement({ count: CLASS - 1, from: STUDENT_REG, semester: 8, branch: 'Civil Engineering' }));
      await query(`INSERT INTO enrollments (course_id, student_id) SELECT '${course.id}', id FROM users WHERE registration_id > ${STUDENT_REG} AND registration_id <= ${STUDENT_REG + CLASS}`);
      const classOf = `SELECT student_id FROM enrollments WHERE course_id = '${course.id}'`;
      await query(`INSERT INTO submissions (id, assignment_id, student_id, attempt, text, text_sha256, submitted_at, due_at, late_minutes, penalty)
        SELECT gen_random_uuid(), '${listed}', student_id, 1, 'A bench hand-in.', repeat('0', 64), now(), now() + interval '7 days', 0, 0 FROM (${classOf}) AS c`);
      for (const id of [listed, ...returned]) {
        await query(`INSERT INTO assignment_marks (assignment_id, student_id, marks_hundredths, feedback) SELECT '${id}', student_id, 750, 'Bench feedback.' FROM (${classOf}) AS c`);
      }
      await query('ANALYZE');
    });

    server = await startServer({ port, env, dataDir: db.dataDir });
    const owner = await sessionCookie(server.base, PROFESSOR_REG);
    const hander = await sessionCookie(server.base, studentReg);
    const list = `/api/v1/coursework/${listed}/submissions`;
    const first = await call(server.base, owner, 'GET', list);
    if (first.data.rows.length !== CLASS) throw new Error(`the owner's list has ${first.data.rows.length} rows, not ${CLASS}`);
    for (let i = 0; i < 20; i++) await call(server.base, owner, 'GET', list); // warm-up, not counted
    const reads = [];
    for (let i = 0; i < LIST_READS; i++) reads.push((await call(server.base, owner, 'GET', list)).ms);

    const returns = [];
    for (const id of returned) {
      const done = await call(server.base, owner, 'POST', `/api/v1/coursework/${id}/return`, {});
      if (done.data.returned !== CLASS) throw new Error(`a return gave back ${done.data.returned} marks, not ${CLASS}`);
      returns.push(done.ms);
    }

    // 20 MB handed in, against the same bytes as a notes file, alternating, after one of each.
    const submit = (i) => {
      const form = new FormData();
      form.append('files', pdfOf(UPLOAD_BYTES, `hand-in ${i}`), `report-${i}.pdf`);
      return call(server.base, hander, 'POST', `/api/v1/coursework/${submitted}/submission`, form);
    };
    const bare = (i) => {
      const form = new FormData();
      form.append('filename', `Bench notes ${i}`);
      form.append('notesfile', pdfOf(UPLOAD_BYTES, `notes ${i}`), `notes-${i}.pdf`);
      return call(server.base, owner, 'POST', `/api/v1/notes/create-notes/${course.id}`, form);
    };
    await submit(-1);
    await bare(-1);
    const handIns = [];
    const notes = [];
    for (let i = 0; i < UPLOADS; i++) {
      handIns.push((await submit(i)).ms);
      notes.push((await bare(i)).ms);
    }

    return [
      machineRow('coursework machine'),
      { scenario: 'coursework database', value: db.label },
      { scenario: `coursework owner's list of ${CLASS} (${LIST_READS} reads)`, value: `p50 ${ms(percentile(reads, 50))}, p99 ${ms(percentile(reads, 99))}, max ${ms(Math.max(...reads))}` },
      { scenario: `coursework return ${CLASS} marks (${RETURNS})`, value: `median ${ms(median(returns))}, max ${ms(Math.max(...returns))} (${each(returns)} ms)` },
      { scenario: `coursework hand in 20 MB (${UPLOADS})`, value: `median ${ms(median(handIns))} (${each(handIns)} ms)` },
      { scenario: `coursework bare upload 20 MB (${UPLOADS})`, value: `median ${ms(median(notes))} (${each(notes)} ms; a notes file)` },
      { scenario: 'coursework hand-in / bare upload', value: `${(median(handIns) / median(notes)).toFixed(2)}×` },
    ];
  } finally {
    await server?.stop();
    await db.cleanup();
  }
}
