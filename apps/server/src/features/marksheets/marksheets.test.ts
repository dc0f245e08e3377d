import { paths, type Application, type Marksheet } from '@campus/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storedFiles, useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, buildStudent, joinCourse, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart, tinyPdf, type FilePart } from '../../../test/fixtures';

const ctx = useTestApp();

const get = (url: string, who: TestUser) => ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const apply = (who: TestUser, semester: number | string) => ctx.app.inject({ method: 'POST', url: paths.applications.create, headers: { cookie: who.cookie }, payload: { semester } });
const pdfPart = (text = 'marks'): FilePart => ({ filename: 'marksheet.pdf', contentType: 'application/pdf', data: tinyPdf(text) });
const upload = (who: TestUser, applicantId: string, semester: number | string, file: FilePart | null = pdfPart()) =>
  ctx.app.inject({ method: 'POST', url: paths.marksheets.create(applicantId), ...withCookie(multipart({ semester }, file ? { marksheet: file } : {}), who.cookie) });
const count = async (table: string) => Number(((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]?.n);
const unreadOf = async (who: TestUser) => (await get(paths.notifications.list, who)).json().data.unreadnotifications as { content: string; link?: string }[];

describe('POST /applications/createapplication', () => {
  it('a student asks for a semester up to their own: 201, the application, and the exam office is told', async () => {
    const student = await buildStudent(ctx.app, { semester: 4, fullname: 'Ada Student' });
    const office = await loginExamOffice(ctx.app);
    const res = await apply(student, '3');
    expect(res.statusCode).toBe(201);
    const application = res.json().data.application as Application;
    expect(Object.keys(application).sort()).toEqual(['_id', 'applicant', 'content', 'createdAt', 'declined', 'from', 'reason', 'replied', 'semester']);
    expect(application).toMatchObject({ from: student.user._id, applicant: { fullname: 'Ada Student', registrationId: student.user.registrationId }, semester: 3, replied: false, declined: false, reason: null });
    expect(await unreadOf(office)).toEqual([{ notificationid: expect.any(String), date: expect.any(String), content: application.content, link: `/applicant/${student.user._id}?semester=3` }]);
    expect(application.content).toContain('Ada Student');
    // Nobody else is told.
    expect(await unreadOf(student)).toEqual([]);
  });

  it("refuses a semester above the student's own with 'cannot apply'", async () => {
    const student = await buildStudent(ctx.app, { semester: 2 });
    const res = await apply(student, 3);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'cannot_apply', errors: ['cannot apply'] });
    expect(await count('applications')).toBe(0);
  });

  it('twenty identical requests at once: one success, nineteen 409s (the database decides)', async () => {
    const student = await buildStudent(ctx.app, { semester: 5 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(student, 5)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'already_applied', errors: ['you have already applied for this semester'] });
    expect(await count('applications')).toBe(1);
    expect(await count('notifications')).toBe(1);
  });

  it('409 once the marksheet exists; a new request is possible after an answer only if the marksheet is gone', async () => {
    const student = await buildStudent(ctx.app, { semester: 5 });
    const office = await loginExamOffice(ctx.app);
    expect((await apply(student, 1)).statusCode).toBe(201);
    expect((await upload(office, student.user._id, 1)).statusCode).toBe(201);
    const again = await apply(student, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'marksheet_exists', errors: ['the marksheet for this semester already exists'] });
  });

  it('is for students only (professors and the exam office 403) and checks the semester', async () => {
    expect((await apply(await buildProfessor(ctx.app), 1)).statusCode).toBe(403);
    expect((await apply(await loginExamOffice(ctx.app), 1)).statusCode).toBe(403);
    const student = await buildStudent(ctx.app);
    const bad = await apply(student, 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'semester_out_of_range', field: 'semester', params: { min: 1, max: 8 }, errors: ['Semester must be between 1 and 8'] });
  });

  it('semesterapplied: the semesters asked for, as numbers', async () => {
    const student = await buildStudent(ctx.app, { semester: 6 });
    await apply(student, 4);
    await apply(student, 2);
    expect((await get(paths.applications.semestersApplied, student)).json().data).toEqual({ listofsemesterapplied: [2, 4] });
    expect((await get(paths.applications.semestersApplied, await buildProfessor(ctx.app))).statusCode).toBe(403);
  });
});

describe('the exam office answers', () => {
  it('allapplications: every request, open ones first, replied once answered; the exam office only', async () => {
    const a = await buildStudent(ctx.app, { semester: 8 });
    const b = await buildStudent(ctx.app, { semester: 8 });
    const office = await loginExamOffice(ctx.app);
    await apply(a, 1);
    await apply(b, 2);
    await upload(office, a.user._id, 1);
    const list = (await get(paths.applications.all, office)).json().data.allapplications as Application[];
    expect(list.map((x) => [x.from, x.semester, x.replied])).toEqual([
      [b.user._id, 2, false],
      [a.user._id, 1, true],
    ]);
    // Each request names who asked, so the exam office can group them by student.
    expect(list.map((x) => x.applicant)).toEqual([b, a].map((s) => ({ fullname: s.user.fullname, registrationId: s.user.registrationId })));
    expect((await get(paths.applications.all, await buildProfessor(ctx.app))).statusCode).toBe(403);
    expect((await get(paths.applications.all, a)).statusCode).toBe(403);
  });

  it('createmarksheet: 201, every open request of that semester replied, the student told, the file theirs alone', async () => {
    const student = await buildStudent(ctx.app, { semester: 4 });
    const other = await buildStudent(ctx.app, { semester: 4 });
    const prof = await buildProfessor(ctx.app);
    const office = await loginExamOffice(ctx.app);
    await apply(student, 3);
    const pdf = pdfPart('semester three');
    const res = await upload(office, student.user._id, '3', pdf);
    expect(res.statusCode).toBe(201);
    const marksheet = res.json().data.marksheet as Marksheet;
    expect(Object.keys(marksheet).sort()).toEqual(['_id', 'createdAt', 'marksheet', 'owner', 'semester']);
    expect(marksheet).toMatchObject({ semester: 3, owner: student.user._id });
    expect((await get(paths.applications.ofUser(student.user._id), student)).json().data.allapplications[0].replied).toBe(true);
    expect(await unreadOf(student)).toMatchObject([{ content: 'The exam office uploaded your marksheet for semester 3', link: '/marksheet' }]);

    for (const reader of [student, office]) {
      const file = await get(marksheet.marksheet, reader);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf.data)).toBe(true);
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.headers['cache-control']).toBe('no-store');
    }
    // Nobody else: not another student, not a professor (even one teaching the student).
    const course = await buildCourse(ctx.app, prof);
    await joinCourse(ctx.app, student, course._id);
    for (const outsider of [other, prof]) expect((await get(marksheet.marksheet, outsider)).statusCode).toBe(404);
  });

  it('a second upload for the semester replaces the file; the old one is gone', async () => {
    const student = await buildStudent(ctx.app, { semester: 4 });
    const office = await loginExamOffice(ctx.app);
    const first = (await upload(office, student.user._id, 2, pdfPart('wrong'))).json().data.marksheet as Marksheet;
    const filesBefore = storedFiles(ctx).length;
    const fixed = pdfPart('right');
    const second = (await upload(office, student.user._id, 2, fixed)).json().data.marksheet as Marksheet;
    expect(second._id).toBe(first._id);
    expect(second.marksheet).not.toBe(first.marksheet);
    expect((await get(first.marksheet, student)).statusCode).toBe(404);
    expect((await get(second.marksheet, student)).rawPayload.equals(fixed.data)).toBe(true);
    expect(storedFiles(ctx).length).toBe(filesBefore);
    expect(await count('marksheets')).toBe(1);
    expect(await count("files where kind = 'marksheet'")).toBe(1);
    // The student is told which it was, each time.
    expect((await unreadOf(student)).map((n) => n.content)).toEqual(['The exam office replaced your marksheet for semester 2', 'The exam office uploaded your marksheet for semester 2']);
  });

  it("refuses a semester above the applicant's, a missing file, a wrong type (415) and over 20 MB (413), leaving nothing", async () => {
    const student = await buildStudent(ctx.app, { semester: 2 });
    const office = await loginExamOffice(ctx.app);
    const before = storedFiles(ctx);
    const above = await upload(office, student.user._id, 3);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'semester_above_applicants', field: 'semester', params: { semester: 2 }, errors: ["Semester must be at most the applicant's semester (2)"] });
    const missing = await upload(office, student.user._id, 1, null);
    expect(missing.json()).toMatchObject({ code: 'field_required', field: 'marksheet', errors: ['Marksheet is required'] });
    expect((await upload(office, student.user._id, 1, { filename: 'm.txt', contentType: 'text/plain', data: Buffer.from('plain text') })).statusCode).toBe(415);
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(20 * 1024 * 1024)]);
    expect((await upload(office, student.user._id, 1, { filename: 'm.pdf', contentType: 'application/pdf', data: big })).statusCode).toBe(413);
    expect(await count('marksheets')).toBe(0);
    expect(storedFiles(ctx)).toEqual(before);
  });

  it('only the exam office uploads (403), and only for a student (404 otherwise)', async () => {
    const student = await buildStudent(ctx.app, { semester: 4 });
    const prof = await buildProfessor(ctx.app);
    const office = await loginExamOffice(ctx.app);
    expect((await upload(student, student.user._id, 1)).statusCode).toBe(403);
    expect((await upload(prof, student.user._id, 1)).statusCode).toBe(403);
    const notApplicant = await upload(office, prof.user._id, 1);
    expect(notApplicant.statusCode).toBe(404);
    expect(notApplicant.json()).toMatchObject({ code: 'applicant_not_found', errors: ['applicant not found'] });
    expect((await upload(office, '00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
    expect(await count('marksheets')).toBe(0);
  });
});

describe('POST /applications/decline/:applicationId', () => {
  const decline = (who: TestUser, applicationId: string, body: unknown) =>
    ctx.app.inject({ method: 'POST', url: paths.applications.decline(applicationId), headers: { cookie: who.cookie }, payload: body as object });

  it('answers the request with the reason: the student is told and reads it, the audit trail names her, and she may ask again', async () => {
    const student = await buildStudent(ctx.app, { semester: 5 });
    const office = await loginExamOffice(ctx.app);
    const asked = (await apply(student, 3)).json().data.application as Application;
    const res = await decline(office, asked._id, { reason: '  Fees for semester 3 are unpaid; see the accounts office  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('request declined');
    expect(res.json().data.application).toMatchObject({ _id: asked._id, replied: true, declined: true, reason: 'Fees for semester 3 are unpaid; see the accounts office' });
    // Her page shows it, and the notice says why and links to her marksheets.
    const mine = (await get(paths.applications.ofUser(student.user._id), student)).json().data.allapplications as Application[];
    expect(mine).toEqual([expect.objectContaining({ _id: asked._id, declined: true, reason: 'Fees for semester 3 are unpaid; see the accounts office' })]);
    expect(await unreadOf(student)).toEqual([
      expect.objectContaining({ content: 'The exam office declined your request for the marksheet of semester 3: Fees for semester 3 are unpaid; see the accounts office', link: '/marksheet' }),
    ]);
    const audit = (await ctx.database.db.execute(sql`select action, actor_id, target_id, details from audit_entries where action = 'application.declined'`)) as unknown as { rows: Record<string, unknown>[] };
    expect(audit.rows).toEqual([{ action: 'application.declined', actor_id: office.user._id, target_id: student.user._id, details: { semester: 3, reason: 'Fees for semester 3 are unpaid; see the accounts office' } }]);
    // A declined request is not open: the semester is free to ask for again, and the new request is open.
    expect((await get(paths.applications.semestersApplied, student)).json().data.listofsemesterapplied).toEqual([]);
    const again = await apply(student, 3);
    expect(again.statusCode, again.body).toBe(201);
    expect((await get(paths.applications.semestersApplied, student)).json().data.listofsemesterapplied).toEqual([3]);
    // An upload answers the new request only; the declined one keeps its reason.
    expect((await upload(office, student.user._id, 3)).statusCode).toBe(201);
    const after = (await get(paths.applications.ofUser(student.user._id), student)).json().data.allapplications as Application[];
    expect(after.map((a) => [a.replied, a.declined, a.reason])).toEqual([
      [true, true, 'Fees for semester 3 are unpaid; see the accounts office'],
      [true, false, null],
    ]);
  });

  it('409 for a request already answered (declined or sent), 404 for an unknown one, 400 without a reason', async () => {
    const student = await buildStudent(ctx.app, { semester: 5 });
    const office = await loginExamOffice(ctx.app);
    const first = (await apply(student, 1)).json().data.application as Application;
    expect((await decline(office, first._id, { reason: 'Not yet published' })).statusCode).toBe(200);
    const twice = await decline(office, first._id, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'application_answered', errors: ['this request has already been answered'] });
    const sent = (await apply(student, 2)).json().data.application as Application;
    await upload(office, student.user._id, 2);
    expect((await decline(office, sent._id, { reason: 'Too late' })).statusCode).toBe(409);
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await decline(office, unknown, { reason: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'application_not_found', errors: ['request not found'] });
    }
    const open = (await apply(student, 4)).json().data.application as Application;
    for (const [body, message] of [
      [{}, 'Reason is required'],
      [{ reason: '   ' }, 'Reason is required'],
      [{ reason: 'a\nb' }, 'Reason must not contain a line break'],
      [{ reason: 'x'.repeat(301) }, 'Reason must be at most 300 characters'],
    ] as const) {
      const res = await decline(office, open._id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toBe(message);
    }
    // Refused input answered nothing: the request is still open.
    expect(((await get(paths.applications.ofUser(student.user._id), office)).json().data.allapplications as Application[]).find((a) => a._id === open._id)!.replied).toBe(false);
  });

  it('only the exam office declines (403 for the student and professors)', async () => {
    const student = await buildStudent(ctx.app, { semester: 5 });
    const asked = (await apply(student, 1)).json().data.application as Application;
    expect((await decline(student, asked._id, { reason: 'x' })).statusCode).toBe(403);
    expect((await decline(await buildProfessor(ctx.app), asked._id, { reason: 'x' })).statusCode).toBe(403);
  });
});

describe("a student's records are theirs and the exam office's alone", () => {
  it('applicationofuser, getallapplicantmarksheets and marksheetexists: self and exam office 200, anyone else 404', async () => {
    const student = await buildStudent(ctx.app, { semester: 5 });
    const office = await loginExamOffice(ctx.app);
    await apply(student, 5);
    await upload(office, student.user._id, 4);
    const urls = [paths.applications.ofUser(student.user._id), paths.marksheets.ofUser(student.user._id), paths.marksheets.exists(student.user._id, 4)];
    for (const url of urls) {
      expect((await get(url, student)).statusCode, url).toBe(200);
      expect((await get(url, office)).statusCode, url).toBe(200);
      const other = await get(url, await buildStudent(ctx.app));
      expect(other.statusCode, url).toBe(404);
      expect(other.json(), url).toMatchObject({ code: 'user_not_found', errors: ['user not found'] });
      expect((await get(url, await buildProfessor(ctx.app))).statusCode, url).toBe(404);
    }
    expect((await get(urls[1]!, student)).json().data.allapplicantmarksheets.map((m: Marksheet) => m.semester)).toEqual([4]);
    expect((await get(urls[0]!, office)).json().data.allapplications.map((a: Application) => a.semester)).toEqual([5]);
  });

  it('marksheetexists: 404 when there is none, 400 for a semester that is not one', async () => {
    const student = await buildStudent(ctx.app, { semester: 5 });
    const none = await get(paths.marksheets.exists(student.user._id, 2), student);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'marksheet_not_found', errors: ['marksheet not found'] });
    expect((await get(paths.marksheets.exists(student.user._id, 'nine'), student)).statusCode).toBe(400);
  });

  it('getuser: the exam office reads any applicant', async () => {
    const student = await buildStudent(ctx.app);
    const office = await loginExamOffice(ctx.app);
    expect((await get(paths.users.getUser(student.user._id), office)).json().data.user._id).toBe(student.user._id);
  });
});
