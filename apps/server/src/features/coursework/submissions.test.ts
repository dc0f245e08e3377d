import { createHash } from 'node:crypto';
import { paths, type Receipt, type Submission, type SubmissionRow } from '@campus/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { queriesDuring, storedFiles, useTestApp } from '../../../test/build-app';
import { buildStudent, type TestUser } from '../../../test/factories';
import { textFile, tinyPdf, tinyPng, type FilePart } from '../../../test/fixtures';
import { buildClass, form, inMinutes, setWork } from './coursework.test-kit';

const ctx = useTestApp();
const get = (url: string, who?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const submit = (assignmentId: string, who: TestUser, text: string | undefined, files: FilePart[]) =>
  ctx.app.inject({ method: 'POST', url: paths.coursework.submit(assignmentId), ...form(who.cookie, { text }, files.map((f) => ['files', f] as [string, FilePart])) });
const submitJson = (assignmentId: string, who: TestUser, payload: object) =>
  ctx.app.inject({ method: 'POST', url: paths.coursework.submit(assignmentId), headers: { cookie: who.cookie }, payload });
const count = async (table: string) => Number(((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]?.n);
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const verify = async (token: string) => (await ctx.app.inject({ method: 'POST', url: paths.documents.verify, payload: { token } })).json().data;

/** The entries of a zip, name → bytes, read with an independent reader. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('POST /coursework/:assignmentId/submission', () => {
  it('takes two files and text: 201 with the attempt and a receipt naming each file by its digest', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const work = await setWork(ctx.app, owner, courseId);
    const pdf = tinyPdf('my essay');
    const png = tinyPng();
    const res = await submit(work._id, students[0]!, 'See the attached essay.', [
      { filename: 'essay.pdf', contentType: 'application/pdf', data: pdf },
      { filename: 'figure.png', contentType: 'image/png', data: png },
    ]);
    expect(res.statusCode).toBe(201);
    const { submission, receipt } = res.json().data as { submission: Submission; receipt: Receipt };
    expect(submission).toMatchObject({ attempt: 1, text: 'See the attached essay.', lateMinutes: 0, penalty: 0 });
    expect(submission.files.map(({ name, bytes, sha256: digest }) => ({ name, bytes, sha256: digest }))).toEqual([
      { name: 'essay.pdf', bytes: pdf.length, sha256: sha256(pdf) },
      { name: 'figure.png', bytes: png.length, sha256: sha256(png) },
    ]);
    expect(receipt.claims).toMatchObject({
      typ: 'submission',
      sub: String(students[0]!.user.registrationId),
      name: students[0]!.user.fullname,
      assignment: { _id: work._id, title: work.title },
      attempt: 1,
      files: [
        { name: 'essay.pdf', sha256: sha256(pdf), bytes: pdf.length },
        { name: 'figure.png', sha256: sha256(png), bytes: png.length },
      ],
      text: sha256('See the attached essay.'),
      submittedAt: submission.submittedAt,
      dueAt: work.dueAt,
      lateMinutes: 0,
    });
    // The student and the owner download the files; another student does not.
    for (const who of [students[0]!, owner]) expect((await get(submission.files[0]!.url, who)).rawPayload.equals(pdf)).toBe(true);
    expect((await get(submission.files[0]!.url, await buildStudent(ctx.app))).statusCode).toBe(404);
    // The student reads it back with the same receipt facts.
    const mine = (await get(paths.coursework.mySubmission(work._id), students[0]!)).json().data;
    expect(mine.submission).toEqual(submission);
    expect(mine.receipt.claims).toEqual(receipt.claims);
    expect((await verify(mine.receipt.token)).valid).toBe(true);
    // The assignment now shows it as theirs.
    expect((await get(paths.coursework.get(work._id), students[0]!)).json().data.assignment.mySubmission).toMatchObject({ state: 'submitted', attempt: 1, lateMinutes: 0 });
  });

  it('a second attempt replaces the first: its receipt verifies as replaced and its files are gone', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const work = await setWork(ctx.app, owner, courseId);
    const student = students[0]!;
    const before = storedFiles(ctx);
    const first = (await submit(work._id, student, undefined, [textFile('v1.txt', 'first draft'), textFile('notes.txt', 'notes')])).json().data;
    expect(storedFiles(ctx)).toHaveLength(before.length + 2);
    expect(await verify(first.receipt.token)).toMatchObject({ valid: true, claims: { typ: 'submission', attempt: 1 } });
    const second = await submit(work._id, student, 'Final answer', [textFile('v2.txt', 'final')]);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.submission.attempt).toBe(2);
    expect(await verify(first.receipt.token)).toEqual({ valid: false, reason: 'replaced' });
    expect((await verify(second.json().data.receipt.token)).valid).toBe(true);
    expect(storedFiles(ctx)).toHaveLength(before.length + 1);
    expect((await get(first.submission.files[0].url, student)).statusCode).toBe(404);
    // The replaced attempt's row stays, with what its receipt named.
    const kept = (await ctx.database.db.execute(sql`select f.name, f.file_id from submission_files f join submissions s on s.id = f.submission_id where s.attempt = 1 order by f.position`)) as unknown as { rows: { name: string; file_id: string | null }[] };
    expect(kept.rows).toEqual([{ name: 'v1.txt', file_id: null }, { name: 'notes.txt', file_id: null }]);
  });

  it('late work: due 20 minutes ago with 15 of grace and 10% a day is 5 minutes late, 10% off', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    // Half a minute short of 20, so that the seconds this test takes do not reach the next whole minute.
    const work = await setWork(ctx.app, owner, courseId, { dueAt: new Date(Date.now() - 19.5 * 60_000).toISOString(), graceMinutes: 15, latePenaltyPercentPerDay: 10 });
    const res = await submit(work._id, students[0]!, 'late, sorry', []);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.submission).toMatchObject({ lateMinutes: 5, penalty: 10 });
    expect(res.json().data.receipt.claims).toMatchObject({ lateMinutes: 5, text: sha256('late, sorry'), files: [] });
    const rows = (await get(paths.coursework.submissions(work._id), owner)).json().data.rows as SubmissionRow[];
    expect(rows[0]).toMatchObject({ state: 'late', submission: { lateMinutes: 5, penalty: 10 } });
  });

  it('an extension moves the due time the lateness is counted from', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const work = await setWork(ctx.app, owner, courseId, { dueAt: inMinutes(-3 * 24 * 60), graceMinutes: 0 });
    const own = inMinutes(60);
    await ctx.app.inject({ method: 'PUT', url: paths.coursework.extend(work._id, students[0]!.user._id), headers: { cookie: owner.cookie }, payload: { dueAt: own } });
    const res = await submit(work._id, students[0]!, 'on time, for me', []);
    expect(res.json().data.submission).toMatchObject({ lateMinutes: 0, penalty: 0 });
    expect(res.json().data.receipt.claims.dueAt).toBe(own);
  });

  it('hands in when the documents\' keys are due a re-read (once a minute): the receipt is signed without a read inside the transaction', async () => {
    // On the embedded database a read of the keys inside the hand-in's transaction would wait
    // for the one connection that transaction holds, and the request would never answer.
    const { owner, courseId, students } = await buildClass(ctx.app);
    const work = await setWork(ctx.app, owner, courseId);
    const later = Date.now() + 2 * 60_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      const res = await submit(work._id, students[0]!, 'handed in a minute on', []);
      expect(res.statusCode).toBe(201);
      expect(res.json().data.receipt.claims).toMatchObject({ typ: 'submission', attempt: 1 });
    } finally {
      clock.mockRestore();
    }
  });

  it('refuses: nothing handed in (400), a test (400), closed (409), returned marks (409), the owner (403), outsiders (404)', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const student = students[0]!;
    const work = await setWork(ctx.app, owner, courseId);
    const empty = await submit(work._id, student, '   ', []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'submission_empty', field: 'files' });
    const test = await setWork(ctx.app, owner, courseId, { kind: 'test' });
    expect((await submit(test._id, student, 'x', [])).json()).toMatchObject({ code: 'no_submissions_for_test' });
    const closed = await setWork(ctx.app, owner, courseId, { dueAt: inMinutes(-120), closesAt: inMinutes(-60) });
    const shut = await submit(closed._id, student, 'x', []);
    expect(shut.statusCode).toBe(409);
    expect(shut.json()).toMatchObject({ code: 'submissions_closed' });
    await ctx.database.db.execute(sql`insert into assignment_marks (assignment_id, student_id, marks_hundredths, returned_at) values (${work._id}, ${student.user._id}, 1500, now())`);
    expect((await submit(work._id, student, 'x', [])).json()).toMatchObject({ code: 'marks_already_returned' });
    const other = await setWork(ctx.app, owner, courseId);
    expect((await submit(other._id, owner, 'x', [])).json()).toMatchObject({ code: 'students_submit_only' });
    expect((await submit(other._id, await buildStudent(ctx.app), 'x', [])).json()).toMatchObject({ code: 'assignment_not_found' });
    expect(await count('submissions')).toBe(0);
  });

  it('a file of the wrong type is 415 and leaves nothing behind, though the file before it was good', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const work = await setWork(ctx.app, owner, courseId);
    const before = storedFiles(ctx);
    const res = await submit(work._id, students[0]!, 'text', [textFile('ok.txt', 'fine'), { filename: 'virus.pdf', contentType: 'application/pdf', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]) }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'file_wrong_type', field: 'files' });
    expect(storedFiles(ctx)).toEqual(before);
    expect(await count('submissions')).toBe(0);
    expect(await count(`files where kind = 'submission'`)).toBe(0);
    const tooMany = await submit(work._id, students[0]!, undefined, Array.from({ length: 11 }, (_, i) => textFile(`${i}.txt`, 'x')));
    expect(tooMany.json()).toMatchObject({ code: 'too_many_items', field: 'files', params: { max: 10 } });
    expect(storedFiles(ctx)).toEqual(before);
  });

  it("files adding up to more than 100 MB are 413, and the ones already stored go", async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const work = await setWork(ctx.app, owner, courseId);
    const before = storedFiles(ctx);
    const part = (name: string): FilePart => ({ filename: name, contentType: 'text/plain', data: Buffer.alloc(35 * 1024 * 1024, 0x61) });
    const res = await submit(work._id, students[0]!, undefined, [part('1.txt'), part('2.txt'), part('3.txt')]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'submission_too_large', field: 'files', params: { size: '100 MB' } });
    expect(storedFiles(ctx)).toEqual(before);
    expect(await count('submissions')).toBe(0);
  });

  it('JSON: text alone is a submission; a resumable upload id names nothing yet (404)', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const work = await setWork(ctx.app, owner, courseId);
    const res = await submitJson(work._id, students[0]!, { uploads: [], text: 'typed in the page' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.submission).toMatchObject({ attempt: 1, files: [], text: 'typed in the page' });
    const unknown = await submitJson(work._id, students[0]!, { uploads: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'upload_not_found' });
    expect((await submitJson(work._id, students[0]!, { uploads: [] })).json()).toMatchObject({ code: 'submission_empty' });
  });
});

describe('deleting an assignment', () => {
  it('takes its submissions and their stored files with it', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const work = await setWork(ctx.app, owner, courseId);
    const before = storedFiles(ctx);
    const handed = (await submit(work._id, students[0]!, undefined, [textFile('a.txt', 'a'), textFile('b.txt', 'b')])).json().data;
    expect(storedFiles(ctx)).toHaveLength(before.length + 2);
    expect((await ctx.app.inject({ method: 'DELETE', url: paths.coursework.delete(work._id), headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect(storedFiles(ctx)).toEqual(before);
    expect(await count('submissions')).toBe(0);
    expect(await count(`files where kind = 'submission'`)).toBe(0);
    expect((await verify(handed.receipt.token)).reason).toBe('replaced');
  });
});

describe('GET /coursework/:assignmentId/submission', () => {
  it('nulls before any; the student only', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const work = await setWork(ctx.app, owner, courseId);
    expect((await get(paths.coursework.mySubmission(work._id), students[0]!)).json().data).toEqual({ submission: null, receipt: null });
    expect((await get(paths.coursework.mySubmission(work._id), owner)).json()).toMatchObject({ code: 'students_submit_only' });
  });
});

describe('GET /coursework/:assignmentId/submissions and submissions.zip', () => {
  it("one row per enrolled student with their state, in a fixed number of queries", async () => {
    const { owner, courseId, students } = await buildClass(ctx.app, 3);
    const work = await setWork(ctx.app, owner, courseId, { dueAt: inMinutes(-60), graceMinutes: 0 });
    await submit(work._id, students[0]!, 'mine', [textFile('a.txt', 'a')]);
    await ctx.database.db.execute(sql`insert into assignment_marks (assignment_id, student_id, marks_hundredths) values (${work._id}, ${students[1]!.user._id}, 1234)`);
    const rows = (await get(paths.coursework.submissions(work._id), owner)).json().data.rows as SubmissionRow[];
    const byId = new Map(rows.map((r) => [r.student._id, r]));
    expect(rows).toHaveLength(3);
    expect(byId.get(students[0]!.user._id)).toMatchObject({ state: 'late', extendedTo: null, submission: { attempt: 1 }, mark: null });
    expect(byId.get(students[1]!.user._id)).toMatchObject({ state: 'marked', submission: null, mark: { marks: 12.34, penalty: 0, finalMarks: 12.34, returnedAt: null } });
    expect(byId.get(students[2]!.user._id)).toMatchObject({ state: 'missing', submission: null, mark: null });
    const few = await queriesDuring(() => get(paths.coursework.submissions(work._id), owner));
    for (let i = 0; i < 3; i++) {
      const s = await buildStudent(ctx.app);
      await ctx.app.inject({ method: 'PATCH', url: paths.courses.join(courseId), headers: { cookie: s.cookie } });
      await submit(work._id, s, undefined, [textFile('b.txt', 'b')]);
    }
    expect(await queriesDuring(() => get(paths.coursework.submissions(work._id), owner))).toHaveLength(few.length);
    expect((await get(paths.coursework.submissions(work._id), students[0]!)).json()).toMatchObject({ code: 'course_owner_only' });
  });

  it('zips every latest submission as <registrationId>/<file name>', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app, 2);
    const work = await setWork(ctx.app, owner, courseId);
    const [a, b] = [students[0]!, students[1]!];
    await submit(work._id, a, undefined, [textFile('old.txt', 'replaced')]);
    const pdf = tinyPdf('final');
    await submit(work._id, a, undefined, [{ filename: 'essay.pdf', contentType: 'application/pdf', data: pdf }, textFile('essay.txt', 'the same essay')]);
    await submit(work._id, b, undefined, [textFile('essay.txt', 'another essay')]);
    const res = await get(paths.coursework.submissionsZip(work._id), owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual([`${a.user.registrationId}/essay.pdf`, `${a.user.registrationId}/essay.txt`, `${b.user.registrationId}/essay.txt`].sort());
    expect(entries.get(`${a.user.registrationId}/essay.pdf`)!.equals(pdf)).toBe(true);
    expect(entries.get(`${b.user.registrationId}/essay.txt`)!.toString()).toBe('another essay');
    expect((await get(paths.coursework.submissionsZip(work._id), a)).statusCode).toBe(403);
  });
});
