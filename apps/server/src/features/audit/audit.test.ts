import { paths, type AuditEntry } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queriesDuring, useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, buildStudent, joinCourse, loginAdmin, type TestUser } from '../../../test/factories';
import { passwordResets, users } from '../../db/schema';
import { hashToken } from '../../platform/auth/sessions';

/** Each change to someone's account or records, and to one's own credentials, leaves its entry; a refused one leaves none. */
const ctx = useTestApp();

const activity = async (who: Pick<TestUser, 'cookie'>): Promise<AuditEntry[]> =>
  (await ctx.app.inject({ method: 'GET', url: paths.users.activity, headers: { cookie: who.cookie } })).json().data.entries;
const send = (who: TestUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const NEW_PASSWORD = 'a brand new passphrase';
/** The entries but the sign-in every test user's first login leaves. */
const changes = async (who: Pick<TestUser, 'cookie'>) => (await activity(who)).filter((e) => e.action !== 'user.signed_in_new_device');

describe('own credentials', () => {
  it('an email set at once (mail off), a password change: each an entry by the user, never the password', async () => {
    const student = await buildStudent(ctx.app);
    const oldEmail = student.user.email;
    const account = { email: 'moved@campus.test', fullname: student.user.fullname, branch: student.user.branch, semester: student.user.semester, currentPassword: student.password };
    expect((await send(student, 'PATCH', paths.users.updateAccount, account)).statusCode).toBe(200);
    expect((await send(student, 'POST', paths.users.changePassword, { oldpassword: student.password, newpassword: NEW_PASSWORD })).statusCode).toBe(200);
    const entries = await changes(student);
    expect(entries).toMatchObject([
      { action: 'user.password_changed', actor: { _id: student.user._id }, target: { _id: student.user._id }, details: {} },
      { action: 'user.email_changed', actor: { _id: student.user._id }, details: { changes: { email: { from: oldEmail, to: 'moved@campus.test' } } } },
    ]);
    expect(JSON.stringify(entries)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(entries)).not.toContain(student.password);
  });

  it('a refused password change, a profile edit keeping the email: no entry', async () => {
    const student = await buildStudent(ctx.app);
    expect((await send(student, 'POST', paths.users.changePassword, { oldpassword: 'not the password', newpassword: NEW_PASSWORD })).statusCode).toBe(400);
    const account = { email: student.user.email, fullname: 'Renamed', branch: student.user.branch, semester: student.user.semester };
    expect((await send(student, 'PATCH', paths.users.updateAccount, account)).statusCode).toBe(200);
    expect(await changes(student)).toEqual([]);
  });

  it('a reset with an emailed link, and a confirmed new address, are the user’s own acts', async () => {
    const student = await buildStudent(ctx.app);
    // As the emailed links would: a reset first (a confirmed address ends the links sent to the
    // old one, and a reset ends a pending change), then a change of address.
    await ctx.database.db.insert(passwordResets).values({ tokenHash: hashToken('reset-token'), userId: student.user._id, expiresAt: new Date(Date.now() + 60_000) });
    const reset = await ctx.app.inject({ method: 'POST', url: paths.users.resetPassword, payload: { token: 'reset-token', newpassword: NEW_PASSWORD } });
    expect(reset.statusCode, reset.body).toBe(200);
    await ctx.database.db
      .update(users)
      .set({ pendingEmail: 'confirmed@campus.test', emailChangeTokenHash: hashToken('email-token'), emailChangeExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(users.id, student.user._id));
    const confirmed = await ctx.app.inject({ method: 'POST', url: paths.users.confirmEmail, payload: { token: 'email-token' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: student.user.registrationId, password: NEW_PASSWORD } });
    const cookie = login.cookies.filter((c) => c.name === 'campus_session').map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await activity({ cookie })).map((e) => [e.action, e.actor?._id, e.ip])).toEqual([
      ['user.signed_in_new_device', student.user._id, '127.0.0.1'],
      ['user.email_changed', student.user._id, '127.0.0.1'],
      ['user.password_reset', student.user._id, '127.0.0.1'],
      // buildStudent's own login, from a browser the account did not know.
      ['user.signed_in_new_device', student.user._id, '127.0.0.1'],
    ]);
  });

  it('a sign-in from a browser the account knows writes nothing', async () => {
    const student = await buildStudent(ctx.app);
    const login = (cookie?: string) => ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: student.user.registrationId, password: student.password }, headers: cookie ? { cookie } : {} });
    const first = await login();
    const device = first.cookies.find((c) => c.name === 'campus_device')!;
    await login(`campus_device=${device.value}`);
    expect((await activity(student)).map((e) => e.action)).toEqual(['user.signed_in_new_device', 'user.signed_in_new_device']);
  });
});

describe('addresses', () => {
  it('My activity shows the address of the caller\'s own acts only; the administrators\' log keeps every one', async () => {
    const professor = await buildProfessor(ctx.app);
    const student = await buildStudent(ctx.app);
    const course = await buildCourse(ctx.app, professor);
    await joinCourse(ctx.app, student, course._id);
    // The professor acts from the staff room's address, the student from home.
    const removed = await ctx.app.inject({ method: 'PATCH', url: paths.courses.removeStudent(course._id, student.user._id), headers: { cookie: professor.cookie }, remoteAddress: '10.20.30.40' });
    expect(removed.statusCode).toBe(200);
    const changed = await ctx.app.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie: student.cookie }, payload: { oldpassword: student.password, newpassword: NEW_PASSWORD }, remoteAddress: '192.0.2.55' });
    expect(changed.statusCode).toBe(200);

    const mine = await activity(student);
    expect(mine.find((e) => e.action === 'course.student_removed')).toMatchObject({ actor: { _id: professor.user._id }, ip: null });
    expect(mine.find((e) => e.action === 'user.password_changed')).toMatchObject({ actor: { _id: student.user._id }, ip: '192.0.2.55' });
    expect(JSON.stringify(mine)).not.toContain('10.20.30.40');

    const admin = await loginAdmin(ctx.app);
    const log = await ctx.app.inject({ method: 'GET', url: `${paths.admin.audit}?target=${student.user._id}`, headers: { cookie: admin.cookie } });
    expect(log.statusCode, log.body).toBe(200);
    expect((log.json().data.entries as AuditEntry[]).find((e) => e.action === 'course.student_removed')?.ip).toBe('10.20.30.40');
  });
});

describe('an account deleted since', () => {
  it('is named by id alone in the entries that name it, which stay', async () => {
    const professor = await buildProfessor(ctx.app);
    const student = await buildStudent(ctx.app);
    const course = await buildCourse(ctx.app, professor);
    await joinCourse(ctx.app, student, course._id);
    await send(professor, 'PATCH', paths.courses.removeStudent(course._id, student.user._id));
    await ctx.database.db.delete(users).where(eq(users.id, professor.user._id));
    expect((await activity(student)).find((e) => e.action === 'course.student_removed')?.actor).toEqual({ _id: professor.user._id, fullname: '', registrationId: 0 });
  });
});

describe('courses', () => {
  it('a removed student sees which professor removed them from which course', async () => {
    const professor = await buildProfessor(ctx.app, { fullname: 'Grace Hopper' });
    const student = await buildStudent(ctx.app);
    const course = await buildCourse(ctx.app, professor, { title: 'Compilers' });
    await joinCourse(ctx.app, student, course._id);
    const stranger = await buildStudent(ctx.app);
    expect((await send(professor, 'PATCH', paths.courses.removeStudent(course._id, stranger.user._id))).statusCode).toBe(404);
    expect((await send(professor, 'PATCH', paths.courses.removeStudent(course._id, student.user._id))).statusCode).toBe(200);
    expect((await activity(student)).filter((e) => e.action.startsWith('course.'))).toMatchObject([
      { action: 'course.student_removed', actor: { _id: professor.user._id, fullname: 'Grace Hopper' }, details: { course: { _id: course._id, title: 'Compilers', coursenumber: course.coursenumber } } },
    ]);
    expect((await activity(stranger)).filter((e) => e.action.startsWith('course.'))).toEqual([]);
  });

  it('a deleted course leaves one entry per enrolled student, in one statement', async () => {
    const professor = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, professor);
    const students = [await buildStudent(ctx.app), await buildStudent(ctx.app), await buildStudent(ctx.app)];
    for (const s of students) await joinCourse(ctx.app, s, course._id);
    const queries = await queriesDuring(() => send(professor, 'DELETE', paths.courses.delete(course._id)));
    expect(queries.filter((q) => /insert into "?audit_entries"?/i.test(q))).toHaveLength(1);
    for (const s of students) {
      expect((await activity(s)).filter((e) => e.action === 'course.deleted')).toMatchObject([{ actor: { _id: professor.user._id }, details: { course: { _id: course._id } } }]);
    }
  });
});
