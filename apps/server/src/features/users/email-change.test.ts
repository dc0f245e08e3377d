import { paths, type User } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { DEFAULT_PASSWORD, buildStudent, buildUser, loginAdmin, loginExamOffice, type TestUser } from '../../../test/factories';
import { startSmtpServer, testMailConfig, type TestSmtp } from '../../../test/smtp-server';
import { mailJobs, passwordResets, users } from '../../db/schema';
import { hashToken } from '../../platform/auth/sessions';
import { accountEmailSubjects } from './account-emails';

const EMAIL_CHANGE_CONFIRM_SUBJECT = accountEmailSubjects('Campus Portal').emailChangeConfirm;
const EMAIL_CHANGE_REQUESTED_SUBJECT = accountEmailSubjects('Campus Portal').emailChangeRequested;

/**
 * Changing one's email: a new address needs the current password (throttled like logins); with
 * mail on, the old address is told at once and the new one takes effect only once the link
 * emailed to it is opened. Mail goes through a real SMTP server.
 */
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
const ctx = useTestApp(() => ({ mail: testMailConfig(smtp) }));
afterAll(() => smtp.stop());

const HOUR = 3_600_000;
const WRONG = 'not the password at all';

interface Change {
  email: string;
  currentPassword?: string;
  fullname?: string;
}

/** PATCH update-account as `who`, keeping the other fields as they are unless given. */
const update = (who: TestUser, change: Change, app = ctx.app) =>
  app.inject({
    method: 'PATCH',
    url: paths.users.updateAccount,
    headers: { cookie: who.cookie },
    payload: { fullname: who.user.fullname, branch: who.user.branch, semester: who.user.semester, ...change },
  });
const confirm = (token: string, app = ctx.app) => app.inject({ method: 'POST', url: paths.users.confirmEmail, payload: { token } });
const me = (who: TestUser, app = ctx.app) => app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: who.cookie } });
const login = (registrationId: number, password: string, app = ctx.app) => app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId, password } });
const firstError = (res: { json(): unknown }) => (res.json() as { errors: string[] }).errors[0];
const userOf = (res: { json(): unknown }) => (res.json() as { data: { user: User } }).data.user;


/** The token of the `count`th confirmation link sent to `address`: on PUBLIC_ORIGIN, the web app's /confirm-email page. */
async function confirmationToken(address: string, count = 1): Promise<string> {
  const mails = await smtp.emailsTo(address, EMAIL_CHANGE_CONFIRM_SUBJECT, count);
  const href = /https:\/\/portal\.campus\.test\/confirm-email\?token=\S+/.exec(mails[count - 1]!.parsed.text ?? '')?.[0];
  if (!href) throw new Error(`no confirmation link in: ${mails[count - 1]!.parsed.text}`);
  return new URL(href).searchParams.get('token')!;
}

const fresh = (who: TestUser, tag: string) => `${tag}-${who.user.registrationId}@elsewhere.test`;

describe('a new email needs the current password', () => {
  it('refuses a change without it or with a wrong one (400 naming it), and changes nothing', async () => {
    const ada = await buildStudent(ctx.app);
    const missing = await update(ada, { email: fresh(ada, 'new'), fullname: 'Ada Renamed' });
    expect(missing.statusCode).toBe(400);
    expect(firstError(missing)).toBe('Current password is required');
    const empty = await update(ada, { email: fresh(ada, 'new'), currentPassword: '' });
    expect(firstError(empty)).toBe('Current password is required');
    const wrong = await update(ada, { email: fresh(ada, 'new'), currentPassword: WRONG, fullname: 'Ada Renamed' });
    expect(wrong.statusCode).toBe(400);
    expect(firstError(wrong)).toBe('Current password is incorrect');
    expect((await me(ada)).json().data).toMatchObject({ email: ada.user.email, fullname: ada.user.fullname, pendingEmail: null });
    expect(await ctx.database.db.select().from(mailJobs)).toEqual([]);
  });

  it('needs none for the same address (any case) or for the other fields alone', async () => {
    const ada = await buildStudent(ctx.app);
    const renamed = await update(ada, { email: ada.user.email, fullname: 'Ada Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(userOf(renamed)).toMatchObject({ fullname: 'Ada Renamed', email: ada.user.email, pendingEmail: null });
    const recased = await update(ada, { email: ada.user.email.toUpperCase() });
    expect(recased.statusCode).toBe(200);
    expect(userOf(recased)).toMatchObject({ email: ada.user.email.toUpperCase(), pendingEmail: null });
    expect(await ctx.database.db.select().from(mailJobs)).toEqual([]);
  });

  it('throttles wrong passwords like logins: 429 with Retry-After past the limit, the right one refused too', async () => {
    const app = await ctx.extraApp({ login: { ...ctx.config.login, perAccountAddress: { max: 3, windowMs: 15 * 60_000 } } });
    const ada = await buildStudent(ctx.app);
    for (let i = 0; i < 3; i++) expect((await update(ada, { email: fresh(ada, 'new'), currentPassword: WRONG }, app)).statusCode).toBe(400);
    const limited = await update(ada, { email: fresh(ada, 'new'), currentPassword: DEFAULT_PASSWORD }, app);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(ada)).json().data).toMatchObject({ email: ada.user.email, pendingEmail: null });
    // The same count as logins: the guesses spent the account's allowance there too.
    expect((await login(ada.user.registrationId, DEFAULT_PASSWORD, app)).statusCode).toBe(429);
  });

  it('a right password clears the failures counted before it', async () => {
    const app = await ctx.extraApp({ mail: undefined, login: { ...ctx.config.login, perAccountAddress: { max: 3, windowMs: 15 * 60_000 } } });
    const ada = await buildStudent(ctx.app);
    for (let i = 0; i < 2; i++) expect((await update(ada, { email: fresh(ada, 'a'), currentPassword: WRONG }, app)).statusCode).toBe(400);
    expect((await update(ada, { email: fresh(ada, 'a'), currentPassword: DEFAULT_PASSWORD }, app)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await update(ada, { email: fresh(ada, 'b'), currentPassword: WRONG }, app)).statusCode).toBe(400);
  });

  it('holds for the exam office too', async () => {
    const office = await loginExamOffice(ctx.app);
    const missing = await update(office, { email: 'office-new@elsewhere.test' });
    expect(missing.statusCode).toBe(400);
    expect(firstError(missing)).toBe('Current password is required');
    const asked = await update(office, { email: 'office-new@elsewhere.test', currentPassword: office.password });
    expect(asked.statusCode).toBe(200);
    expect(userOf(asked)).toMatchObject({ email: ctx.config.examOffice.email, pendingEmail: 'office-new@elsewhere.test' });
    await smtp.emailsTo(ctx.config.examOffice.email, EMAIL_CHANGE_REQUESTED_SUBJECT);
  });
});

describe('with mail off', () => {
  it('changes the email at once once the password is right, and sends nothing', async () => {
    const app = await ctx.extraApp({ mail: undefined });
    const ada = await buildStudent(ctx.app);
    const res = await update(ada, { email: fresh(ada, 'now'), currentPassword: DEFAULT_PASSWORD }, app);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('account updated successfully');
    expect(userOf(res)).toMatchObject({ email: fresh(ada, 'now'), pendingEmail: null });
    expect((await me(ada, app)).json().data.email).toBe(fresh(ada, 'now'));
    expect(await ctx.database.db.select().from(mailJobs)).toEqual([]);
  });
});

describe('with mail on', () => {
  it('tells the old address, sends the new one a link, and changes the email only once the link is used, once', async () => {
    const ada = await buildStudent(ctx.app);
    const other = await ctx.extraApp({});
    const newEmail = fresh(ada, 'new');
    const asked = await update(ada, { email: newEmail, currentPassword: DEFAULT_PASSWORD, fullname: 'Ada Renamed' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe('account updated; the new email address takes effect once the link sent to it is opened');
    // The other fields change at once; the email waits.
    expect(userOf(asked)).toMatchObject({ email: ada.user.email, pendingEmail: newEmail, fullname: 'Ada Renamed' });
    expect((await me(ada)).json().data).toMatchObject({ email: ada.user.email, pendingEmail: newEmail });
    expect((await me(ada, other)).json().data).toMatchObject({ email: ada.user.email, pendingEmail: newEmail });

    const [notice] = await smtp.emailsTo(ada.user.email, EMAIL_CHANGE_REQUESTED_SUBJECT);
    const told = notice!.parsed.text ?? '';
    expect(told).toContain(`\n    ${newEmail}\n`);
    expect(told).toContain(String(ada.user.registrationId));
    expect(told).toMatch(/On \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(Asia\/Kolkata\)/);
    expect(told).toContain('If this was not you');
    expect(told).toContain('https://portal.campus.test/forgot-password');
    const token = await confirmationToken(newEmail);
    // Stored hashed: the database alone does not give the link away.
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, ada.user._id));
    expect(row!.emailChangeTokenHash).toBe(hashToken(token));
    expect(row!.emailChangeExpiresAt!.getTime() - row!.updatedAt.getTime()).toBe(24 * HOUR);
    // Nothing goes to the new address but the link, nothing to the old one but the notice.
    expect(smtp.received.filter((m) => m.to.includes(newEmail)).map((m) => m.parsed.subject)).toEqual([EMAIL_CHANGE_CONFIRM_SUBJECT]);

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(userOf(done)).toMatchObject({ _id: ada.user._id, email: newEmail, pendingEmail: null, fullname: 'Ada Renamed' });
    // Every instance forgets its cached copy at once.
    expect((await me(ada)).json().data).toMatchObject({ email: newEmail, pendingEmail: null });
    await vi.waitFor(async () => expect((await me(ada, other)).json().data.email).toBe(newEmail), { timeout: 2_000, interval: 20 });

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(firstError(again)).toBe('Token has already been used: this email change is done');
    expect((await me(ada)).json().data.email).toBe(newEmail);
  });

  it('refuses an expired link, and no longer shows its address as pending', async () => {
    const ada = await buildStudent(ctx.app);
    await update(ada, { email: fresh(ada, 'late'), currentPassword: DEFAULT_PASSWORD });
    const token = await confirmationToken(fresh(ada, 'late'));
    const later = await ctx.extraApp({ now: () => new Date(Date.now() + 24 * HOUR + 60_000) });
    const res = await confirm(token, later);
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toBe('Token has expired; change your email again from your profile for a new link');
    const fresher = await login(ada.user.registrationId, DEFAULT_PASSWORD, later);
    expect(userOf(fresher)).toMatchObject({ email: ada.user.email, pendingEmail: null });
    // Just before its end it still works.
    const inTime = await ctx.extraApp({ now: () => new Date(Date.now() + 24 * HOUR - 60_000) });
    expect((await confirm(token, inTime)).statusCode).toBe(200);
  });

  it('a newer request replaces the older one and its link', async () => {
    const ada = await buildStudent(ctx.app);
    await update(ada, { email: fresh(ada, 'first'), currentPassword: DEFAULT_PASSWORD });
    const first = await confirmationToken(fresh(ada, 'first'));
    const second = await update(ada, { email: fresh(ada, 'second'), currentPassword: DEFAULT_PASSWORD });
    expect(userOf(second).pendingEmail).toBe(fresh(ada, 'second'));
    const stale = await confirm(first);
    expect(stale.statusCode).toBe(400);
    expect(firstError(stale)).toBe('Token is not valid (a newer request replaces an older link); change your email again from your profile for a new link');
    expect((await confirm(await confirmationToken(fresh(ada, 'second')))).statusCode).toBe(200);
    expect((await me(ada)).json().data.email).toBe(fresh(ada, 'second'));
  });

  it('refuses an address another account has (409), at the request and at the confirmation', async () => {
    const ada = await buildStudent(ctx.app);
    const grace = await buildStudent(ctx.app);
    const dup = await update(ada, { email: grace.user.email.toUpperCase(), currentPassword: DEFAULT_PASSWORD });
    expect(dup.statusCode).toBe(409);
    expect(firstError(dup)).toBe('Email is already registered');

    const wanted = fresh(ada, 'wanted');
    await update(ada, { email: wanted, currentPassword: DEFAULT_PASSWORD });
    const token = await confirmationToken(wanted);
    // Someone signs up with that address before Ada opens her link.
    await buildUser(ctx.app, { email: wanted.toUpperCase() });
    const taken = await confirm(token);
    expect(taken.statusCode).toBe(409);
    expect(firstError(taken)).toBe('Email is already registered');
    expect((await me(ada)).json().data).toMatchObject({ email: ada.user.email, pendingEmail: wanted });
  });

  it('lets one of two requests racing with the same link through', async () => {
    const ada = await buildStudent(ctx.app);
    await update(ada, { email: fresh(ada, 'race'), currentPassword: DEFAULT_PASSWORD });
    const token = await confirmationToken(fresh(ada, 'race'));
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an unknown token, naming it', async () => {
    const res = await confirm('not-a-token-anyone-was-sent');
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatch(/^Token is not valid/);
  });

  it('drops the reset links sent to the old address once the new one takes effect', async () => {
    const ada = await buildStudent(ctx.app);
    expect((await ctx.app.inject({ method: 'POST', url: paths.users.forgotPassword, payload: { registrationId: ada.user.registrationId } })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, ada.user._id))).toHaveLength(1);
    await update(ada, { email: fresh(ada, 'moved'), currentPassword: DEFAULT_PASSWORD });
    expect((await confirm(await confirmationToken(fresh(ada, 'moved')))).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, ada.user._id))).toEqual([]);
  });

  it('an email an administrator sets ends a change still pending and the reset links sent to the old address', async () => {
    const ada = await buildStudent(ctx.app);
    await update(ada, { email: fresh(ada, 'pending'), currentPassword: DEFAULT_PASSWORD });
    const token = await confirmationToken(fresh(ada, 'pending'));
    expect((await ctx.app.inject({ method: 'POST', url: paths.users.forgotPassword, payload: { registrationId: ada.user.registrationId } })).statusCode).toBe(200);
    const admin = await loginAdmin(ctx.app);
    const set = await ctx.app.inject({ method: 'PATCH', url: paths.admin.user(ada.user._id), headers: { cookie: admin.cookie }, payload: { email: fresh(ada, 'registrar') } });
    expect(userOf(set)).toMatchObject({ email: fresh(ada, 'registrar'), pendingEmail: null });
    expect(await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, ada.user._id))).toEqual([]);
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await me(ada)).json().data).toMatchObject({ email: fresh(ada, 'registrar'), pendingEmail: null });
  });

  it('an email set at once (mail off) ends a change still pending', async () => {
    const ada = await buildStudent(ctx.app);
    await update(ada, { email: fresh(ada, 'pending'), currentPassword: DEFAULT_PASSWORD });
    const token = await confirmationToken(fresh(ada, 'pending'));
    const off = await ctx.extraApp({ mail: undefined });
    const direct = await update(ada, { email: fresh(ada, 'direct'), currentPassword: DEFAULT_PASSWORD }, off);
    expect(userOf(direct)).toMatchObject({ email: fresh(ada, 'direct'), pendingEmail: null });
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await me(ada)).json().data.email).toBe(fresh(ada, 'direct'));
  });

  it('a password changed afterwards (or reset) ends the change still pending: the owner stops a change they did not ask for', async () => {
    const ada = await buildStudent(ctx.app);
    await update(ada, { email: fresh(ada, 'thief'), currentPassword: DEFAULT_PASSWORD });
    const token = await confirmationToken(fresh(ada, 'thief'));
    const changed = await ctx.app.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie: ada.cookie }, payload: { oldpassword: DEFAULT_PASSWORD, newpassword: 'a brand new passphrase' } });
    expect(changed.statusCode).toBe(200);
    expect((await me(ada)).json().data.pendingEmail).toBeNull();
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await me(ada)).json().data.email).toBe(ada.user.email);
  });
});

describe('while the relay is down', () => {
  it('the queue holds no form of the confirmation token; once it is back the link works', async () => {
    const ada = await buildStudent(ctx.app);
    const address = fresh(ada, 'sealed');
    const port = Number(new URL(smtp.url).port);
    await smtp.stop();
    let waiting: string;
    try {
      expect((await update(ada, { email: address, currentPassword: DEFAULT_PASSWORD })).statusCode).toBe(200);
      const [job] = await ctx.database.db.select().from(mailJobs).where(eq(mailJobs.recipient, address));
      expect(job).toMatchObject({ template: 'email-change-confirm', sentAt: null });
      expect(job!.secret).not.toBeNull();
      waiting = JSON.stringify((await ctx.database.db.execute(sql`select m::text from mail_jobs m`)) as unknown);
    } finally {
      smtp = await startSmtpServer({ port });
    }
    const token = await confirmationToken(address);
    expect(waiting).not.toContain(token);
    expect(waiting).not.toContain('confirm-email');
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await me(ada)).json().data.email).toBe(address);
  });
});
