import { createHash } from 'node:crypto';
import { paths } from '@campus/contract';
import { and, eq } from 'drizzle-orm';
import { openCode } from '@campus/contract/document-code';
import { SignJWT, UnsecuredJWT, compactVerify, createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { marksheets, notifications, users } from '../../db/schema';
import { useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, buildStudent, joinCourse, loginAdmin, loginAs, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart, tinyPdf } from '../../../test/fixtures';

/**
 * Documents a gate can trust: tokens the portal signs, checked by the portal and by any JOSE
 * library against the published key set, and every way a forged, altered, stale or replaced one
 * is refused.
 */
const ctx = useTestApp();

const keySet = async () => (await ctx.app.inject({ method: 'GET', url: paths.documents.keys })).json();
const verify = async (token: string) => (await ctx.app.inject({ method: 'POST', url: paths.documents.verify, payload: { token } })).json().data;

async function studentWithExams(dates: string[], title = (i: number) => `Paper ${i + 1}`): Promise<TestUser> {
  return (await classWithExams(dates, title)).student;
}
/** A professor's courses with these exam dates, and a student enrolled in all of them. */
async function classWithExams(dates: string[], title = (i: number) => `Paper ${i + 1}`) {
  const professor = await buildProfessor(ctx.app);
  const student = await buildStudent(ctx.app);
  const courses = [];
  for (const [i, examDate] of dates.entries()) {
    const course = await buildCourse(ctx.app, professor, { title: title(i), examDate });
    await joinCourse(ctx.app, student, course._id);
    courses.push(course);
  }
  return { professor, student, courses };
}
const admitCard = (student: TestUser) => ctx.app.inject({ method: 'GET', url: paths.documents.admitCard, headers: { cookie: student.cookie } });

describe('the published keys', () => {
  it('are a bare JSON Web Key Set of ES256 public keys, the same on every instance', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: paths.documents.keys });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/jwk-set+json');
    const { keys } = res.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0].d).toBeUndefined();
    const other = await ctx.extraApp({});
    expect((await other.inject({ method: 'GET', url: paths.documents.keys })).json()).toEqual({ keys });
  });
});

describe('the admit card', () => {
  it('is signed over who the student is and each paper, soonest first, valid until the day after the last exam', async () => {
    const student = await studentWithExams(['2099-05-14', '2099-05-02']);
    const res = await admitCard(student);
    expect(res.statusCode).toBe(200);
    const { token, claims } = res.json().data;
    expect(claims).toMatchObject({
      typ: 'admitcard',
      sub: String(student.user.registrationId),
      name: student.user.fullname,
      semester: student.user.semester,
      branch: student.user.branch,
      courses: [expect.objectContaining({ title: 'Paper 2', examDate: '2099-05-02' }), expect.objectContaining({ title: 'Paper 1', examDate: '2099-05-14' })],
    });
    // The day after the last exam ends at midnight on campus (Asia/Kolkata, UTC+5:30).
    expect(claims.exp).toBe(Date.parse('2099-05-16T00:00:00+05:30') / 1000);
    // Any verifier with the published keys agrees, with no call to the portal.
    const { payload } = await jwtVerify(token, createLocalJWKSet(await keySet()), { algorithms: ['ES256'] });
    expect(payload).toEqual(claims);
    expect(await verify(token)).toEqual({ valid: true, claims, photo: expect.any(String), current: true });
  });

  it('is refused before any course has an exam date', async () => {
    const student = await studentWithExams([]);
    const res = await admitCard(student);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'no_exam_dates_yet', errors: ['no exam dates yet'] });
  });

  it('does not verify once expired', async () => {
    const student = await studentWithExams(['2099-05-02']);
    const { token } = (await admitCard(student)).json().data;
    const later = await ctx.extraApp({ now: () => new Date('2099-05-04T00:00:00+05:30') });
    const res = await later.inject({ method: 'POST', url: paths.documents.verify, payload: { token } });
    expect(res.json().data).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuses a flipped byte, alg none, a key it does not publish and an unknown kid', async () => {
    const student = await studentWithExams(['2099-05-02']);
    const { token, claims } = (await admitCard(student)).json().data;
    const [header, payload, signature] = token.split('.');
    const flip = (s: string, at: number) => `${s.slice(0, at)}${s[at] === 'A' ? 'B' : 'A'}${s.slice(at + 1)}`;
    const edited = Buffer.from(JSON.stringify({ ...claims, name: 'Someone Else' })).toString('base64url');
    const stranger = await generateKeyPair('ES256');
    const forgeries = [
      `${header}.${flip(payload!, 10)}.${signature}`,
      `${header}.${payload}.${flip(signature!, 5)}`,
      `${header}.${edited}.${signature}`,
      new UnsecuredJWT(claims).encode(),
      await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(token).kid! }).sign(stranger.privateKey),
      await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'not-a-published-kid' }).sign(stranger.privateKey),
      'not.a.token',
    ];
    for (const forged of forgeries) expect(await verify(forged), forged).toEqual({ valid: false, reason: 'invalid' });
  });

  it('is refused, naming what is missing, to a student whose semester or branch is not set yet', async () => {
    const student = await studentWithExams(['2099-05-02']);
    await ctx.database.db.update(users).set({ semester: null, branch: null }).where(eq(users.id, student.user._id));
    // A new session reads the row as it is now (an instance keeps its sessions' users a moment).
    const res = await admitCard({ ...student, cookie: await loginAs(ctx.app, student.user.registrationId, student.password) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'admit_card_needs_cohort', errors: ['semester and branch must be set before an admit card is issued'] });
  });

  it('is for students', async () => {
    const professor = await buildProfessor(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: paths.documents.admitCard, headers: { cookie: professor.cookie } })).statusCode).toBe(403);
  });
});

describe('a marksheet', () => {
  async function uploaded() {
    const student = await buildStudent(ctx.app);
    const office = await loginExamOffice(ctx.app);
    const bytes = tinyPdf();
    const res = await ctx.app.inject({ method: 'POST', url: paths.marksheets.create(student.user._id), ...withCookie(multipart({ semester: 1 }, { marksheet: { filename: 'm.pdf', contentType: 'application/pdf', data: bytes } }), office.cookie) });
    expect(res.statusCode).toBe(201);
    return { student, office, bytes, marksheetId: res.json().data.marksheet._id as string };
  }

  it("is signed with the SHA-256 of the file's bytes, for its owner and the exam office only", async () => {
    const { student, office, bytes, marksheetId } = await uploaded();
    const mine = await ctx.app.inject({ method: 'GET', url: paths.documents.marksheet(marksheetId), headers: { cookie: student.cookie } });
    expect(mine.statusCode).toBe(200);
    const { token, claims } = mine.json().data;
    expect(claims).toMatchObject({ typ: 'marksheet', sub: String(student.user.registrationId), name: student.user.fullname, semester: 1, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(await verify(token)).toEqual({ valid: true, claims, photo: expect.any(String), current: null });
    expect((await ctx.app.inject({ method: 'GET', url: paths.documents.marksheet(marksheetId), headers: { cookie: office.cookie } })).statusCode).toBe(200);
    const other = await buildStudent(ctx.app);
    const notTheirs = await ctx.app.inject({ method: 'GET', url: paths.documents.marksheet(marksheetId), headers: { cookie: other.cookie } });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().code).toBe('marksheet_not_found');
  });

  it('does not verify once the marksheet was replaced by another file', async () => {
    const { student, office, marksheetId } = await uploaded();
    const { token } = (await ctx.app.inject({ method: 'GET', url: paths.documents.marksheet(marksheetId), headers: { cookie: student.cookie } })).json().data;
    expect(await verify(token)).toMatchObject({ valid: true });
    // The exam office corrects it: the same student and semester, other bytes.
    const corrected = tinyPdf('a corrected marksheet');
    const again = await ctx.app.inject({ method: 'POST', url: paths.marksheets.create(student.user._id), ...withCookie(multipart({ semester: 1 }, { marksheet: { filename: 'm.pdf', contentType: 'application/pdf', data: corrected } }), office.cookie) });
    expect(again.statusCode).toBe(201);
    expect(await verify(token)).toEqual({ valid: false, reason: 'replaced' });
    // The corrected one is signed over its own bytes, and verifies.
    const fresh = (await ctx.app.inject({ method: 'GET', url: paths.documents.marksheet(marksheetId), headers: { cookie: student.cookie } })).json().data;
    expect(fresh.claims.sha256).toBe(createHash('sha256').update(corrected).digest('hex'));
    expect(await verify(fresh.token)).toEqual({ valid: true, claims: fresh.claims, photo: expect.any(String), current: null });
  });

  it('does not verify once its file is gone from the record', async () => {
    const { student, marksheetId } = await uploaded();
    const { token } = (await ctx.app.inject({ method: 'GET', url: paths.documents.marksheet(marksheetId), headers: { cookie: student.cookie } })).json().data;
    await ctx.database.db.delete(marksheets).where(eq(marksheets.id, marksheetId));
    expect(await verify(token)).toEqual({ valid: false, reason: 'replaced' });
  });
});

describe("the admit card's printed code", () => {
  const longTitle = (i: number) => `Advanced Topics in Distributed Systems and Cloud Computing ${i + 1}`;
  const eight = ['2099-05-02', '2099-05-04', '2099-05-06', '2099-05-08', '2099-05-11', '2099-05-13', '2099-05-15', '2099-05-18'];

  it('signs the same facts (titles aside) compactly, as digits, and verifies as the card does', async () => {
    const student = await studentWithExams(eight, longTitle);
    const { token, claims, code } = (await admitCard(student)).json().data;
    expect(code).toMatch(/^\d+$/);
    // Eight papers: a few hundred digits (the full token is four times as long in bytes).
    expect(code.length).toBeLessThan(800);
    expect(token.length).toBeGreaterThan(1000);
    const verdict = await verify(code);
    expect(verdict).toEqual({ valid: true, claims: { ...claims, courses: claims.courses.map((c: { title: string }) => ({ ...c, title: '' })) }, photo: expect.any(String), current: true });
    // Any JOSE library checks the JWS it stands for against the published keys.
    const keys = await keySet();
    const opened = openCode(code, keys.keys.map((k: { kid: string }) => k.kid))!;
    await expect(compactVerify(opened.jws, createLocalJWKSet(keys), { algorithms: ['ES256'] })).resolves.toBeTruthy();
  });

  it('refuses a changed digit, a code cut short, and one signed by a key it does not publish', async () => {
    const student = await studentWithExams(['2099-05-02']);
    const { code } = (await admitCard(student)).json().data;
    const at = code.length - 40;
    const changed = `${code.slice(0, at)}${code[at] === '1' ? '2' : '1'}${code.slice(at + 1)}`;
    expect(await verify(changed)).toEqual({ valid: false, reason: 'invalid' });
    expect(await verify(code.slice(0, -17))).toEqual({ valid: false, reason: 'invalid' });
    expect(await verify('1'.repeat(300))).toEqual({ valid: false, reason: 'invalid' });
  });

  it('does not verify once expired', async () => {
    const student = await studentWithExams(['2099-05-02']);
    const { code } = (await admitCard(student)).json().data;
    const later = await ctx.extraApp({ now: () => new Date('2099-05-04T00:00:00+05:30') });
    expect((await later.inject({ method: 'POST', url: paths.documents.verify, payload: { token: code } })).json().data).toEqual({ valid: false, reason: 'expired' });
  });
});

describe('whether an admit card is current', () => {
  const moveExam = async (professor: TestUser, course: { _id: string; title: string; description: string; semester: number; branch: string }, examDate: string | null) => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: paths.courses.update(course._id),
      headers: { cookie: professor.cookie },
      payload: { title: course.title, description: course.description, semester: course.semester, branch: course.branch, examDate },
    });
    expect(res.statusCode).toBe(200);
  };

  it('is true while its dates are the student\'s; false, for the token and the code, once a date moved; a new card is current', async () => {
    const { professor, student, courses } = await classWithExams(['2099-05-02', '2099-05-09']);
    const old = (await admitCard(student)).json().data;
    expect(await verify(old.token)).toMatchObject({ valid: true, current: true });
    await moveExam(professor, courses[1]!, '2099-05-12');
    // Still genuine (the portal signed it), but no longer the student's dates.
    expect(await verify(old.token)).toMatchObject({ valid: true, current: false });
    expect(await verify(old.code)).toMatchObject({ valid: true, current: false });
    const fresh = (await admitCard(student)).json().data;
    expect(await verify(fresh.token)).toMatchObject({ valid: true, current: true });
    expect(await verify(fresh.code)).toMatchObject({ valid: true, current: true });
  });

  it('is false once a paper of the card has no date any more, or is no longer the student\'s', async () => {
    const { professor, student, courses } = await classWithExams(['2099-05-02', '2099-05-09']);
    const card = (await admitCard(student)).json().data;
    await moveExam(professor, courses[0]!, null);
    expect(await verify(card.token)).toMatchObject({ valid: true, current: false });

    const other = await classWithExams(['2099-05-02']);
    const theirs = (await admitCard(other.student)).json().data;
    const left = await ctx.app.inject({ method: 'PATCH', url: paths.courses.leave(other.courses[0]!._id), headers: { cookie: other.student.cookie } });
    expect(left.statusCode).toBe(200);
    expect(await verify(theirs.token)).toMatchObject({ valid: true, current: false });
  });

  it("a date the registrar's roster moves: the students are told to download the card again, and the old card is not current", async () => {
    const { professor, student, courses } = await classWithExams(['2099-05-02']);
    const card = (await admitCard(student)).json().data;
    const admin = await loginAdmin(ctx.app);
    const course = courses[0]!;
    const csv = `coursenumber,title,description,semester,branch,owner,examDate\n${course.coursenumber},${course.title},${course.description},${course.semester},${course.branch},${professor.user.registrationId},2099-05-09\n`;
    const body = multipart({ kind: 'courses', dryRun: 'false' }, { file: { filename: 'courses.csv', contentType: 'text/csv', data: Buffer.from(csv) } });
    const res = await ctx.app.inject({ method: 'POST', url: paths.admin.createImport, headers: { ...body.headers, cookie: admin.cookie }, payload: body.payload });
    expect(res.json().data.import).toMatchObject({ status: 'applied' });
    const told = await ctx.database.db.select().from(notifications).where(and(eq(notifications.recipientId, student.user._id), eq(notifications.kind, 'exams')));
    expect(told.map((n) => [n.content, n.link])).toEqual([[`The exam of "${course.title}" is now on Saturday, 9 May 2099: download your admit card again`, '/hallticket']]);
    expect(await verify(card.code)).toMatchObject({ valid: true, current: false });
  });

  it('is null for a marksheet', async () => {
    const student = await buildStudent(ctx.app);
    const office = await loginExamOffice(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: paths.marksheets.create(student.user._id), ...withCookie(multipart({ semester: 1 }, { marksheet: { filename: 'm.pdf', contentType: 'application/pdf', data: tinyPdf() } }), office.cookie) });
    const { token } = (await ctx.app.inject({ method: 'GET', url: paths.documents.marksheet(res.json().data.marksheet._id), headers: { cookie: student.cookie } })).json().data;
    expect(await verify(token)).toMatchObject({ valid: true, current: null });
  });
});

describe("the photo of the document's student", () => {
  it('loads from the link verify answers, without a session, for ten minutes', async () => {
    const student = await studentWithExams(['2099-05-02']);
    const { token } = (await admitCard(student)).json().data;
    const { photo } = await verify(token);
    expect(photo).toMatch(/^\/api\/v1\/documents\/photo\//);
    const own = await ctx.app.inject({ method: 'GET', url: student.user.avatar, headers: { cookie: student.cookie } });
    const res = await ctx.app.inject({ method: 'GET', url: photo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(own.rawPayload)).toBe(true);
    const later = await ctx.extraApp({ now: () => new Date(Date.now() + 11 * 60_000) });
    const ended = await later.inject({ method: 'GET', url: photo });
    expect(ended.statusCode).toBe(404);
    expect(ended.json().code).toBe('file_not_found');
  });

  it('opens nothing else: another file under the same signature, an altered end, a made-up link', async () => {
    const student = await studentWithExams(['2099-05-02']);
    const office = await loginExamOffice(ctx.app);
    const upload = await ctx.app.inject({ method: 'POST', url: paths.marksheets.create(student.user._id), ...withCookie(multipart({ semester: 1 }, { marksheet: { filename: 'm.pdf', contentType: 'application/pdf', data: tinyPdf() } }), office.cookie) });
    const marksheetFile = (upload.json().data.marksheet.marksheet as string).split('/').pop()!;
    const { photo } = await verify((await admitCard(student)).json().data.token);
    const [fileId, end, mac] = (photo as string).split('/').pop()!.split('.');
    const tries = [`${marksheetFile}.${end}.${mac}`, `${fileId}.${Number(end) + 3600}.${mac}`, `${fileId}.${end}.${mac!.slice(0, -2)}AA`, 'not-a-link', `${fileId}.${end}`];
    for (const link of tries) expect((await ctx.app.inject({ method: 'GET', url: paths.documents.photo(link) })).statusCode, link).toBe(404);
  });

  it('is null for a student without a photo', async () => {
    const student = await studentWithExams(['2099-05-02']);
    await ctx.database.db.update(users).set({ avatarFileId: null }).where(eq(users.id, student.user._id));
    expect(await verify((await admitCard(student)).json().data.token)).toMatchObject({ valid: true, photo: null });
  });
});

describe('students without a photo', () => {
  it('the exam office sees those with an exam from today on and no photo, soonest exam first; not those with a photo or only past exams', async () => {
    const office = await loginExamOffice(ctx.app);
    const later = await studentWithExams(['2099-06-20']);
    const sooner = await studentWithExams(['2099-06-30', '2099-06-10']);
    const withPhoto = await studentWithExams(['2099-06-05']);
    const noExam = await studentWithExams([]);
    for (const s of [later, sooner, noExam]) await ctx.database.db.update(users).set({ avatarFileId: null }).where(eq(users.id, s.user._id));
    const res = await ctx.app.inject({ method: 'GET', url: paths.documents.withoutPhoto, headers: { cookie: office.cookie } });
    expect(res.statusCode).toBe(200);
    const listed = (res.json().data.students as { _id: string; nextExam: string }[]).filter((s) => [later, sooner, withPhoto, noExam].some((t) => t.user._id === s._id));
    expect(listed).toEqual([
      expect.objectContaining({ _id: sooner.user._id, registrationId: sooner.user.registrationId, fullname: sooner.user.fullname, nextExam: '2099-06-10' }),
      expect.objectContaining({ _id: later.user._id, nextExam: '2099-06-20' }),
    ]);
    // After the exams, nobody is asked any more.
    const after = await ctx.extraApp({ now: () => new Date('2099-07-01T12:00:00+05:30') });
    const none = (await after.inject({ method: 'GET', url: paths.documents.withoutPhoto, headers: { cookie: office.cookie } })).json().data.students as { _id: string }[];
    expect(none.filter((s) => [later, sooner].some((t) => t.user._id === s._id))).toEqual([]);
  });
});
