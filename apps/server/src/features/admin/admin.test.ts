import { refusal, paths, type AuditEntry, type User } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, useTestApp } from '../../../test/build-app';
import { buildProfessor, buildStudent, loginAdmin, loginAs, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart, tinyPdf } from '../../../test/fixtures';
import { openSse } from '../../../test/sse-client';
import { auditEntries, users } from '../../db/schema';

const ctx = useTestApp();

const get = (url: string, who: Pick<TestUser, 'cookie'>, app: FastifyInstance = ctx.app) => app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const patch = (who: TestUser, userId: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: paths.admin.updateUser(userId), headers: { cookie: who.cookie }, payload });
const login = (registrationId: number, password: string) => ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId, password } });
/** The entries about `target` but the sign-ins every test user's logins leave. */
const entriesAbout = async (who: TestUser, target: string): Promise<AuditEntry[]> =>
  ((await get(`${paths.admin.audit}?target=${target}`, who)).json().data.entries as AuditEntry[]).filter((e) => e.action !== 'user.signed_in_new_device');
const search = async (who: TestUser, query: string): Promise<{ users: User[]; nextCursor: string | null }> => {
  const res = await get(`${paths.admin.users}?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** Waits for what the bus carries to another instance. */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 1_000, interval: 20 });

describe('GET /admin/users', () => {
  it('finds users by part of a name or email (any case), and by registration id prefix', async () => {
    const admin = await loginAdmin(ctx.app);
    const ada = await buildStudent(ctx.app, { fullname: 'Ada Lovelace', email: 'countess@analytical.test', registrationId: 311070001 });
    await buildStudent(ctx.app, { fullname: 'Grace Hopper', email: 'grace@navy.test', registrationId: 311080002 });
    const ids = async (q: string) => (await search(admin, `q=${encodeURIComponent(q)}`)).users.map((u) => u.registrationId);
    expect(await ids('lovel')).toEqual([ada.user.registrationId]);
    expect(await ids('ANALYTICAL')).toEqual([ada.user.registrationId]);
    expect(await ids('3110700')).toEqual([ada.user.registrationId]);
    expect(await ids('31107')).toEqual([311070001]);
    expect(await ids('3110')).toEqual([311070001, 311080002]);
    // LIKE's wildcards match only themselves.
    expect(await ids('%')).toEqual([]);
  });

  it('filters by role and state, and pages by cursor to the end', async () => {
    const admin = await loginAdmin(ctx.app);
    const students = [];
    for (let i = 0; i < 5; i++) students.push(await buildStudent(ctx.app, { registrationId: 411070000 + i }));
    await buildProfessor(ctx.app);
    await patch(admin, students[2]!.user._id, { active: false });
    const first = await search(admin, 'role=student&active=true&limit=2');
    expect(first.users.map((u) => u.registrationId)).toEqual([411070000, 411070001]);
    const second = await search(admin, `role=student&active=true&limit=2&cursor=${first.nextCursor}`);
    expect(second.users.map((u) => u.registrationId)).toEqual([411070003, 411070004]);
    expect(second.nextCursor).toBeNull();
    expect((await search(admin, 'active=false')).users.map((u) => u.registrationId)).toEqual([411070002]);
    expect((await search(admin, 'role=admin')).users.map((u) => u.registrationId)).toEqual([100000000]);
    expect((await search(admin, 'role=examOffice')).users.map((u) => u.registrationId)).toEqual([211070007]);
  });

  it('refuses a cursor it did not give, naming it', async () => {
    const admin = await loginAdmin(ctx.app);
    const res = await get(`${paths.admin.users}?cursor=abc`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toBe('Cursor is not valid');
  });
});

describe('GET /admin/users/:userId', () => {
  it('answers the user, and 404 for an unknown or malformed id', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    expect((await get(paths.admin.user(student.user._id), admin)).json().data.user).toMatchObject({ _id: student.user._id, isAdmin: false, active: true, managed: false });
    expect((await get(paths.admin.user('5f0c7d1e-0000-4000-8000-00000000dead'), admin)).statusCode).toBe(404);
    expect((await get(paths.admin.user('nope'), admin)).statusCode).toBe(404);
  });
});

describe('PATCH /admin/users/:userId', () => {
  it('changes fields and roles, each told in the audit trail with what changed, by whom and from where', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app, { fullname: 'Mistyped Name', semester: 3 });
    const res = await patch(admin, student.user._id, { fullname: 'Right Name', semester: 4, branch: student.user.branch });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ fullname: 'Right Name', semester: 4 });
    const professor = await buildProfessor(ctx.app);
    expect((await patch(admin, professor.user._id, { isExamOffice: true, isAdmin: true })).statusCode).toBe(200);
    const [updated] = await entriesAbout(admin, student.user._id);
    expect(updated).toMatchObject({
      action: 'user.updated',
      actor: { _id: admin.user._id, fullname: admin.user.fullname, registrationId: 100000000 },
      target: { _id: student.user._id, fullname: 'Right Name' },
      details: { changes: { fullname: { from: 'Mistyped Name', to: 'Right Name' }, semester: { from: 3, to: 4 } } },
      ip: '127.0.0.1',
    });
    expect(await entriesAbout(admin, professor.user._id)).toMatchObject([
      { action: 'user.role_changed', details: { changes: { isExamOffice: { from: false, to: true }, isAdmin: { from: false, to: true } } } },
    ]);
  });

  it('changes nothing and writes nothing for a body that sets what already is', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    expect((await patch(admin, student.user._id, { fullname: student.user.fullname, active: true })).statusCode).toBe(200);
    expect(await entriesAbout(admin, student.user._id)).toEqual([]);
  });

  it('refuses the exam office role to a student account, naming the field, and writes no entry', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    const res = await patch(admin, student.user._id, { isExamOffice: true, fullname: 'Changed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toBe(refusal('exam_office_professors_only').message);
    expect((await get(paths.admin.user(student.user._id), admin)).json().data.user.fullname).toBe(student.user.fullname);
    expect(await entriesAbout(admin, student.user._id)).toEqual([]);
  });

  it('refuses an email another account has (409), with no entry', async () => {
    const admin = await loginAdmin(ctx.app);
    const a = await buildStudent(ctx.app);
    const b = await buildStudent(ctx.app);
    const res = await patch(admin, a.user._id, { email: b.user.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toBe(refusal('email_taken').message);
    expect(await entriesAbout(admin, a.user._id)).toEqual([]);
  });

  it('a second exam office member receives requests and uploads marksheets under his own name', async () => {
    const admin = await loginAdmin(ctx.app);
    const clerk = await buildProfessor(ctx.app);
    expect((await patch(admin, clerk.user._id, { isExamOffice: true })).statusCode).toBe(200);
    const student = await buildStudent(ctx.app, { semester: 4 });
    expect((await ctx.app.inject({ method: 'POST', url: paths.applications.create, headers: { cookie: student.cookie }, payload: { semester: 2 } })).statusCode).toBe(201);
    const told = async (who: TestUser) => (await get(paths.notifications.list, who)).json().data.unreadnotifications.length;
    expect(await told(clerk)).toBe(1);
    expect(await told(await loginExamOffice(ctx.app))).toBe(1);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: paths.marksheets.create(student.user._id),
      ...withCookie(multipart({ semester: 2 }, { marksheet: { filename: 'm.pdf', contentType: 'application/pdf', data: tinyPdf() } }), clerk.cookie),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const [entry] = await entriesAbout(admin, student.user._id);
    expect(entry).toMatchObject({ action: 'marksheet.uploaded', actor: { _id: clerk.user._id }, details: { semester: 2 } });
  });
});

describe('deactivation', () => {
  it('ends the user’s sessions at once on another instance and closes their open stream; login then answers 403 after the password', async () => {
    const other = await ctx.extraApp({});
    const base = await other.listen({ port: 0, host: '127.0.0.1' });
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    expect((await get(paths.users.currentUser, student, other)).statusCode).toBe(200);
    const stream = await openSse(`${base}${paths.notifications.stream}`, { cookie: student.cookie });
    expect(stream.status).toBe(200);
    const started = Date.now();
    const res = await patch(admin, student.user._id, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.active).toBe(false);
    await soon(async () => expect((await get(paths.users.currentUser, student, other)).statusCode).toBe(401));
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await get(paths.users.currentUser, student)).statusCode).toBe(401);

    const wrong = await login(student.user.registrationId, 'not the password at all');
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, 'invalid registration id or password']);
    const right = await login(student.user.registrationId, student.password);
    expect([right.statusCode, right.json().errors[0]]).toEqual([403, 'account deactivated']);
    expect(right.headers['set-cookie']?.toString() ?? '').not.toContain('campus_session=');

    expect((await patch(admin, student.user._id, { active: true })).statusCode).toBe(200);
    expect((await login(student.user.registrationId, student.password)).statusCode).toBe(200);
    expect((await entriesAbout(admin, student.user._id)).map((e) => e.action)).toEqual(['user.reactivated', 'user.deactivated']);
  });
});

describe('the last active administrator', () => {
  it('can be neither demoted nor deactivated (409), and the refused change writes no entry', async () => {
    const admin = await loginAdmin(ctx.app);
    for (const change of [{ isAdmin: false }, { active: false }]) {
      const res = await patch(admin, admin.user._id, change);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0]).toBe(refusal('last_admin').message);
    }
    expect(await entriesAbout(admin, admin.user._id)).toEqual([]);
    // With a second administrator, the first may step down.
    const second = await buildProfessor(ctx.app);
    expect((await patch(admin, second.user._id, { isAdmin: true })).statusCode).toBe(200);
    expect((await patch(admin, admin.user._id, { isAdmin: false })).statusCode).toBe(200);
    const again = await loginAs(ctx.app, second.user.registrationId, second.password);
    expect((await patch({ ...second, cookie: again }, second.user._id, { active: false })).statusCode).toBe(409);
  });

  it('two administrators demoting each other at once: one wins, the other is refused', async () => {
    const first = await loginAdmin(ctx.app);
    const second = await buildProfessor(ctx.app);
    expect((await patch(first, second.user._id, { isAdmin: true })).statusCode).toBe(200);
    const [a, b] = await Promise.all([patch(first, second.user._id, { isAdmin: false }), patch(second, first.user._id, { isAdmin: false })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [{ admins }] = (await ctx.database.db.select({ admins: sql<number>`count(*)::int` }).from(users).where(sql`${users.isAdmin} and ${users.active}`)) as [{ admins: number }];
    expect(admins).toBe(1);
  });
});

describe('POST /admin/users/:userId/reset-link', () => {
  it('answers 503 with mail off and writes nothing', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: paths.admin.resetLink(student.user._id), headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(503);
    expect(await entriesAbout(admin, student.user._id)).toEqual([]);
  });
});

describe('the audit trail', () => {
  it('refuses UPDATE and DELETE of an entry, whoever asks', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    await patch(admin, student.user._id, { fullname: 'Someone Else' });
    const { db } = ctx.database;
    await expect(db.update(auditEntries).set({ action: 'user.reactivated' }).where(eq(auditEntries.targetId, student.user._id))).rejects.toThrow();
    await expect(db.delete(auditEntries).where(eq(auditEntries.targetId, student.user._id))).rejects.toThrow();
    expect(await entriesAbout(admin, student.user._id)).toMatchObject([{ action: 'user.updated' }]);
  });

  it('filters by actor and action, newest first, in pages', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    for (const semester of [2, 3, 4]) await patch(admin, student.user._id, { semester });
    await patch(admin, student.user._id, { active: false });
    const page = (await get(`${paths.admin.audit}?actor=${admin.user._id}&action=user.updated&limit=2`, admin)).json().data;
    expect(page.entries.map((e: AuditEntry) => e.details.changes?.semester?.to)).toEqual([4, 3]);
    const rest = (await get(`${paths.admin.audit}?actor=${admin.user._id}&action=user.updated&limit=2&cursor=${page.nextCursor}`, admin)).json().data;
    expect(rest.entries.map((e: AuditEntry) => e.details.changes?.semester?.to)).toEqual([2]);
    expect(rest.nextCursor).toBeNull();
  });
});

describe('GET /users/activity', () => {
  it('shows the caller the entries about them, and nobody else’s', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    const other = await buildStudent(ctx.app);
    await patch(admin, student.user._id, { fullname: 'Renamed By Admin' });
    await patch(admin, other.user._id, { fullname: 'Other Renamed' });
    const mine = (await get(paths.users.activity, student)).json().data;
    expect(mine.entries).toMatchObject([
      { action: 'user.updated', actor: { fullname: admin.user.fullname }, target: { _id: student.user._id } },
      { action: 'user.signed_in_new_device', actor: { _id: student.user._id }, target: { _id: student.user._id } },
    ]);
    expect(mine.nextCursor).toBeNull();
    expect((await get(paths.users.activity, admin)).json().data.entries.map((e: AuditEntry) => e.target._id)).toEqual([admin.user._id]);
  });
});

describe('the first administrator', () => {
  it('is made at start-up from ADMIN_PASSWORD, and logs in', async () => {
    expect((await login(100000000, ADMIN_PASSWORD)).json().data.user).toMatchObject({ isAdmin: true, active: true, isExamOffice: false });
  });
});
