import { createHash } from 'node:crypto';
import { REFUSALS, paths } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT, createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { marksheets } from '../../db/schema';
import { useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, buildStudent, joinCourse, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart, tinyPdf } from '../../../test/fixtures';

/**
 * Documents a gate can trust: tokens the portal signs, checked by the portal and by any JOSE
 * library against the published key set, and every way a forged, altered, stale or replaced one
 * is refused.
 */
const ctx = useTestApp();

const keySet = async () => (await ctx.app.inject({ method: 'GET', url: paths.documents.keys })).json();
const verify = async (token: string) => (await ctx.app.inject({ method: 'POST', url: paths.documents.verify, payload: { token } })).json().data;

async function studentWithExams(dates: string[]): Promise<TestUser> {
  const professor = await buildProfessor(ctx.app);
  const student = await buildStudent(ctx.app);
  for (const [i, examDate] of dates.entries()) {
    const course = await buildCourse(ctx.app, professor, { title: `Paper ${i + 1}`, examDate });
    await joinCourse(ctx.app, student, course._id);
  }
  return student;
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
    expect(await verify(token)).toEqual({ valid: true, claims });
  });

  it('is refused before any course has an exam date', async () => {
    const student = await studentWithExams([]);
    const res = await admitCard(student);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([REFUSALS.noExamDatesYet]);
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
    expect(await verify(token)).toEqual({ valid: true, claims });
    expect((await ctx.app.inject({ method: 'GET', url: paths.documents.marksheet(marksheetId), headers: { cookie: office.cookie } })).statusCode).toBe(200);
    const other = await buildStudent(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: paths.documents.marksheet(marksheetId), headers: { cookie: other.cookie } })).statusCode).toBe(404);
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
    expect(await verify(fresh.token)).toEqual({ valid: true, claims: fresh.claims });
  });

  it('does not verify once its file is gone from the record', async () => {
    const { student, marksheetId } = await uploaded();
    const { token } = (await ctx.app.inject({ method: 'GET', url: paths.documents.marksheet(marksheetId), headers: { cookie: student.cookie } })).json().data;
    await ctx.database.db.delete(marksheets).where(eq(marksheets.id, marksheetId));
    expect(await verify(token)).toEqual({ valid: false, reason: 'replaced' });
  });
});
