import { refusal, paths, type RosterImport } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { buildStudent, loginAdmin, userFields, type TestUser } from '../../../test/factories';
import { multipart } from '../../../test/fixtures';
import { startSmtpServer, testMailConfig, type ReceivedMail, type TestSmtp } from '../../../test/smtp-server';
import { auditEntries, passwordResets, users } from '../../db/schema';

/**
 * Invitations to set a first password, through the real app, database and a real SMTP server:
 * one user at a time (POST /admin/users/:userId/invite) and every account a roster import made
 * (POST /admin/imports/:importId/invite); and an administrator's reset link, which names them.
 */
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
const ctx = useTestApp(() => ({ mail: testMailConfig(smtp) }));
afterAll(() => smtp.stop());

const DAY = 24 * 60 * 60_000;
const INVITATION_SUBJECT = 'Your Campus Portal account is ready: set your password';
const FIRST_PASSWORD = 'my very first campus passphrase';

const post = (url: string, who: TestUser, app = ctx.app) => app.inject({ method: 'POST', url, headers: { cookie: who.cookie } });
const reset = (token: string, app = ctx.app) => app.inject({ method: 'POST', url: paths.users.resetPassword, payload: { token, newpassword: FIRST_PASSWORD } });
const login = (registrationId: number, password: string) => ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId, password } });


/** The link an email carries to the set-password page. */
function linkIn(mail: ReceivedMail): URL {
  const href = /https:\/\/portal\.campus\.test\/reset-password\?\S+/.exec(mail.parsed.text ?? '')?.[0];
  if (!href) throw new Error(`no link in: ${mail.parsed.text}`);
  return new URL(href);
}

/** Applies a users file of new accounts, as the registrar does; the applied import. */
async function applyUsers(admin: TestUser, registrationIds: number[]): Promise<RosterImport> {
  const csv = ['registrationId,email,fullname,role,semester,branch', ...registrationIds.map((id) => `${id},new.${id}@campus.test,New Student ${id},student,1,Civil Engineering`)].join('\n');
  const body = multipart({ kind: 'users', dryRun: 'false' }, { file: { filename: 'users.csv', contentType: 'text/csv', data: Buffer.from(csv) } });
  const res = await ctx.app.inject({ method: 'POST', url: paths.admin.createImport, headers: { ...body.headers, cookie: admin.cookie }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
  const applied = res.json().data.import as RosterImport;
  expect(applied.status).toBe('applied');
  return applied;
}

const userOf = async (registrationId: number) => (await ctx.database.db.select().from(users).where(eq(users.registrationId, registrationId)))[0]!;
const newIds = (n: number) => Array.from({ length: n }, () => Number(userFields().registrationId));
const invitedEntries = async (targetId: string) => (await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.targetId, targetId))).filter((e) => e.action === 'user.invited');

describe('POST /admin/users/:userId/invite', () => {
  it('emails a roster account an invitation naming the campus and the administrator, whose link sets a first password', async () => {
    const admin = await loginAdmin(ctx.app);
    const [id] = newIds(1);
    await applyUsers(admin, [id!]);
    const user = await userOf(id!);
    const res = await post(paths.admin.invite(user.id), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: {} });

    const [mail] = await smtp.emailsTo(user.email, INVITATION_SUBJECT);
    const text = mail!.parsed.text ?? '';
    expect(text).toContain('Your campus has set up your account on Campus Portal');
    expect(text).toContain(`${admin.user.fullname}, an administrator of Campus Portal`);
    expect(text).toContain('within 7 days to set your password');
    const link = linkIn(mail!);
    // The page says "set your password": the account has none yet.
    expect(link.searchParams.get('first')).toBe('1');
    const [stored] = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(7 * DAY);

    expect((await reset(link.searchParams.get('token')!)).statusCode).toBe(200);
    expect((await login(id!, FIRST_PASSWORD)).statusCode).toBe(200);
    expect(await invitedEntries(user.id)).toMatchObject([{ actorId: admin.user._id, details: {} }]);
    // Now it has a password: a second invitation is refused, as the account needs a reset link.
    const again = await post(paths.admin.invite(user.id), admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toBe(refusal('invite_has_password').message);
  });

  it('works after 6 days and not after 8, by the app’s clock', async () => {
    const admin = await loginAdmin(ctx.app);
    const [early, late] = newIds(2);
    await applyUsers(admin, [early!, late!]);
    const tokens: string[] = [];
    for (const id of [early!, late!]) {
      const user = await userOf(id);
      expect((await post(paths.admin.invite(user.id), admin)).statusCode).toBe(200);
      tokens.push(linkIn((await smtp.emailsTo(user.email, INVITATION_SUBJECT))[0]!).searchParams.get('token')!);
    }
    const sixDaysOn = await ctx.extraApp({ now: () => new Date(Date.now() + 6 * DAY) });
    const eightDaysOn = await ctx.extraApp({ now: () => new Date(Date.now() + 8 * DAY) });
    expect((await reset(tokens[0]!, sixDaysOn)).statusCode).toBe(200);
    const expired = await reset(tokens[1]!, eightDaysOn);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0]).toBe(refusal('reset_token_expired').message);
    expect((await userOf(late!)).passwordHash).toBeNull();
  });

  it('refuses an account that has a password (409), and answers 503 with mail off, writing nothing', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    const res = await post(paths.admin.invite(student.user._id), admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toBe(refusal('invite_has_password').message);

    const [id] = newIds(1);
    await applyUsers(admin, [id!]);
    const user = await userOf(id!);
    const mailOff = await ctx.extraApp({ mail: undefined });
    const off = await post(paths.admin.invite(user.id), admin, mailOff);
    expect(off.statusCode).toBe(503);
    expect(off.json().errors[0]).toBe(refusal('invite_unavailable').message);
    expect(await invitedEntries(user.id)).toEqual([]);
    expect(await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
  });
});

describe('POST /admin/imports/:importId/invite', () => {
  it('invites only the accounts that import created and that still have no password, one audit entry each', async () => {
    const admin = await loginAdmin(ctx.app);
    const [a, b, c] = newIds(3);
    // An earlier import made `c`: the later one only updates it, so it is not the later one's to invite.
    await applyUsers(admin, [c!]);
    const applied = await applyUsers(admin, [a!, b!, c!]);
    // `b` set a password already (forgot-password), so it needs no invitation.
    await ctx.database.db.update(users).set({ passwordHash: 'set-by-its-owner' }).where(eq(users.registrationId, b!));

    const res = await post(paths.admin.inviteImport(applied._id), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ invited: 1 });
    const ua = await userOf(a!);
    await smtp.emailsTo(ua.email, INVITATION_SUBJECT);
    expect(await invitedEntries(ua.id)).toHaveLength(1);
    expect(await invitedEntries((await userOf(b!)).id)).toEqual([]);
    expect(await invitedEntries((await userOf(c!)).id)).toEqual([]);
  });

  it('counts nothing for a preview, 404 for an unknown import, 503 with mail off', async () => {
    const admin = await loginAdmin(ctx.app);
    const [a] = newIds(1);
    const csv = `registrationId,email,fullname,role,semester,branch\n${a},p.${a}@campus.test,Preview Only,student,1,Civil Engineering\n`;
    const body = multipart({ kind: 'users' }, { file: { filename: 'users.csv', contentType: 'text/csv', data: Buffer.from(csv) } });
    const preview = (await ctx.app.inject({ method: 'POST', url: paths.admin.createImport, headers: { ...body.headers, cookie: admin.cookie }, payload: body.payload })).json().data.import as RosterImport;
    expect((await post(paths.admin.inviteImport(preview._id), admin)).json().data).toEqual({ invited: 0 });
    expect((await post(paths.admin.inviteImport('5f0c7d1e-0000-4000-8000-00000000dead'), admin)).statusCode).toBe(404);
    const mailOff = await ctx.extraApp({ mail: undefined });
    expect((await post(paths.admin.inviteImport(preview._id), admin, mailOff)).statusCode).toBe(503);
  });
});

describe('an administrator’s reset link', () => {
  it('names the administrator, and says "reset" to an account with a password and "set" to one without', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    expect((await post(paths.admin.resetLink(student.user._id), admin)).statusCode).toBe(200);
    const [resetMail] = await smtp.emailsTo(student.user.email, 'Reset your Campus Portal password');
    expect(resetMail!.parsed.text).toContain(`${admin.user.fullname}, an administrator of Campus Portal, sent you a link to reset the password`);
    expect(linkIn(resetMail!).searchParams.get('first')).toBeNull();

    const [id] = newIds(1);
    await applyUsers(admin, [id!]);
    const user = await userOf(id!);
    expect((await post(paths.admin.resetLink(user.id), admin)).statusCode).toBe(200);
    const [setMail] = await smtp.emailsTo(user.email, 'Set your Campus Portal password');
    expect(setMail!.parsed.text).toContain('sent you a link to set the first password');
    expect(linkIn(setMail!).searchParams.get('first')).toBe('1');
  });
});
