import { pages, paths } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { buildLoggedInUser, buildUser, DEFAULT_PASSWORD, loginAs, loginExamOffice } from '../../../test/factories';
import { startSmtpServer, testMailConfig, type ReceivedMail, type TestSmtp } from '../../../test/smtp-server';
import { knownDevices, mailJobs, passwordResets } from '../../db/schema';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
const ctx = useTestApp(() => ({ mail: testMailConfig(smtp) }));
afterAll(() => smtp.stop());

const NEW_PASSWORD = 'a brand new passphrase';
const RESET_SUBJECT = 'Reset your Campus Portal password';
const CHANGED_SUBJECT = 'Your Campus Portal password was changed';

const forgot = (registrationId: number | string, app = ctx.app, cookie?: string) =>
  app.inject({ method: 'POST', url: paths.users.forgotPassword, payload: { registrationId }, headers: cookie ? { cookie } : {} });
const reset = (token: string, newpassword = NEW_PASSWORD, app = ctx.app) => app.inject({ method: 'POST', url: paths.users.resetPassword, payload: { token, newpassword } });
const currentUser = (cookie: string) => ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie } });
const login = (registrationId: number, password: string, app = ctx.app) => app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId, password } });


/** The reset link of an email: on PUBLIC_ORIGIN, the web app's /reset-password page. */
function linkIn(mail: ReceivedMail): URL {
  const href = /https:\/\/portal\.campus\.test\/reset-password\?token=\S+/.exec(mail.parsed.text ?? '')?.[0];
  if (!href) throw new Error(`no reset link in: ${mail.parsed.text}`);
  return new URL(href);
}

async function resetLinkFor(email: string, count = 1): Promise<string> {
  const mails = await smtp.emailsTo(email, RESET_SUBJECT, count);
  return linkIn(mails[count - 1]!).searchParams.get('token')!;
}

const firstError = (res: { json(): unknown }) => (res.json() as { errors: string[] }).errors[0];
const deviceCookie = (res: { cookies: { name: string; value: string }[] }) => `campus_device=${res.cookies.find((c) => c.name === 'campus_device')!.value}`;
/** Every row of the mail queue, every column, as text. */
const mailQueueText = async () => JSON.stringify((await ctx.database.db.execute(sql`select m::text from mail_jobs m`)) as unknown);
/** Waits until no email is still to be sent. */
async function queueSent(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await ctx.database.db.select({ id: mailJobs.id }).from(mailJobs).where(sql`sent_at is null and failed_at is null`)).length > 0) {
    if (Date.now() > deadline) throw new Error('emails still queued');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('password reset by email', () => {
  it('sends a link whose token sets a new password once, ending every session of the user', async () => {
    const ada = await buildLoggedInUser(ctx.app);
    const otherSession = await loginAs(ctx.app, ada.user.registrationId, DEFAULT_PASSWORD);
    const asked = await forgot(ada.user.registrationId);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ success: true, data: {} });

    const [mail] = await smtp.emailsTo(ada.user.email, RESET_SUBJECT);
    const link = linkIn(mail!);
    expect(link.origin + link.pathname).toBe('https://portal.campus.test/reset-password');
    expect(mail!.parsed.text).toContain(String(ada.user.registrationId));
    const token = link.searchParams.get('token')!;
    // Stored hashed: the database alone does not give the link away.
    const [stored] = await ctx.database.db.select().from(passwordResets);
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(30 * 60_000);
    expect((await currentUser(ada.cookie)).statusCode).toBe(200);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, data: {} });
    expect((await currentUser(ada.cookie)).statusCode).toBe(401);
    expect((await currentUser(otherSession)).statusCode).toBe(401);
    expect((await login(ada.user.registrationId, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(ada.user.registrationId, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(firstError(again)).toBe('Token has already been used; ask for a new reset link');
    expect((await login(ada.user.registrationId, NEW_PASSWORD)).statusCode).toBe(200);

    const [changed] = await smtp.emailsTo(ada.user.email, CHANGED_SUBJECT);
    expect(changed!.parsed.text).toContain('Every session of the account was logged out');
    expect(changed!.parsed.text).toContain('https://portal.campus.test/forgot-password');
  });

  it('answers an unknown account the same, and sends it nothing', async () => {
    const ada = await buildUser(ctx.app);
    const known = await forgot(ada.user.registrationId);
    const unknown = await forgot(999_999_999);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await smtp.emailsTo(ada.user.email, RESET_SUBJECT);
    const queued = await ctx.database.db.select({ to: mailJobs.recipient }).from(mailJobs);
    expect(queued).toEqual([{ to: ada.user.email }]);
  });

  it('a new link leaves the earlier ones working, and using one ends them all', async () => {
    const { user } = await buildUser(ctx.app);
    await forgot(user.registrationId);
    const first = await resetLinkFor(user.email);
    await forgot(user.registrationId);
    const second = await resetLinkFor(user.email, 2);
    await forgot(user.registrationId);
    const third = await resetLinkFor(user.email, 3);
    // Someone else asking again does not void the link the owner is about to open.
    expect((await reset(second)).statusCode).toBe(200);
    for (const other of [first, third]) {
      const ended = await reset(other, 'yet another passphrase');
      expect(ended.statusCode).toBe(400);
      expect(firstError(ended)).toBe('Token is not valid; ask for a new reset link');
    }
    expect((await login(user.registrationId, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps no reset token in the mail queue once its email is sent', async () => {
    const { user } = await buildUser(ctx.app);
    await forgot(user.registrationId);
    const token = await resetLinkFor(user.email);
    const [job] = await ctx.database.db.select().from(mailJobs).where(eq(mailJobs.recipient, user.email));
    expect(job).toMatchObject({ template: 'password-reset', priority: 0, secret: null });
    expect(await mailQueueText()).not.toContain(token);
    // Nor the password's change notice, once the link is used.
    expect((await reset(token)).statusCode).toBe(200);
    await smtp.emailsTo(user.email, CHANGED_SUBJECT);
    await queueSent();
    expect(await mailQueueText()).not.toContain(token);
  });

  it('keeps no form of the token in the queue while the relay is down; once it is back the emailed link works', async () => {
    const { user } = await buildUser(ctx.app);
    const port = Number(new URL(smtp.url).port);
    await smtp.stop();
    let waiting: string;
    try {
      expect((await forgot(user.registrationId)).statusCode).toBe(200);
      // The worker tries, the relay does not answer: the job waits with its secret part.
      const [job] = await ctx.database.db.select().from(mailJobs).where(eq(mailJobs.recipient, user.email));
      expect(job).toMatchObject({ template: 'password-reset', sentAt: null });
      expect(job!.secret).not.toBeNull();
      await new Promise((r) => setTimeout(r, 300));
      waiting = await mailQueueText();
    } finally {
      smtp = await startSmtpServer({ port });
    }
    const token = await resetLinkFor(user.email);
    // Neither the token nor the link, in any column, while it waited.
    expect(waiting).not.toContain(token);
    expect(waiting).not.toContain(pages.resetPassword(token));
    expect(waiting).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
    expect((await reset(token)).statusCode).toBe(200);
    expect((await login(user.registrationId, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a reset forgets every browser remembered for the account, and the notice says so', async () => {
    const { user } = await buildUser(ctx.app);
    const other = await buildUser(ctx.app);
    for (const who of [user, user, other.user]) expect((await login(who.registrationId, who.registrationId === user.registrationId ? DEFAULT_PASSWORD : other.password)).statusCode).toBe(200);
    const devicesOf = (id: string) => ctx.database.db.select().from(knownDevices).where(eq(knownDevices.userId, id));
    expect(await devicesOf(user._id)).toHaveLength(2);
    await forgot(user.registrationId);
    expect((await reset(await resetLinkFor(user.email))).statusCode).toBe(200);
    expect(await devicesOf(user._id)).toEqual([]);
    expect(await devicesOf(other.user._id)).toHaveLength(1);
    const [changed] = await smtp.emailsTo(user.email, CHANGED_SUBJECT);
    expect(changed!.parsed.text).toContain('every browser the account was used in is no longer remembered');
  });

  it('refuses an expired link', async () => {
    const { user } = await buildUser(ctx.app);
    await forgot(user.registrationId);
    const token = await resetLinkFor(user.email);
    const later = await ctx.extraApp({ now: () => new Date(Date.now() + 31 * 60_000) });
    const res = await reset(token, NEW_PASSWORD, later);
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toBe('Token has expired; ask for a new reset link');
    expect((await login(user.registrationId, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown token, naming it', async () => {
    const res = await reset('not-a-token-anyone-was-sent');
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toBe('Token is not valid; ask for a new reset link');
  });

  it('applies the password rules before spending the link', async () => {
    const { user } = await buildUser(ctx.app);
    await forgot(user.registrationId);
    const token = await resetLinkFor(user.email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(firstError(short)).toBe('New password must be at least 8 characters');
    const common = await reset(token, 'qwertyuiop');
    expect(common.statusCode).toBe(400);
    expect(firstError(common)).toBe('New password is too common');
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('lets one of two requests racing with the same link through', async () => {
    const { user } = await buildUser(ctx.app);
    await forgot(user.registrationId);
    const token = await resetLinkFor(user.email);
    const answers = await Promise.all([reset(token, 'first racing passphrase'), reset(token, 'second racing passphrase')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'first racing passphrase' : 'second racing passphrase';
    expect((await login(user.registrationId, winner)).statusCode).toBe(200);
  });

  it('works for the exam office', async () => {
    const office = await loginExamOffice(ctx.app);
    await forgot(office.user.registrationId);
    const token = await resetLinkFor(ctx.config.examOffice.email);
    expect((await reset(token)).statusCode).toBe(200);
    expect((await currentUser(office.cookie)).statusCode).toBe(401);
    expect((await login(office.user.registrationId, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('forgives the login failures of the account', async () => {
    const app = await ctx.extraApp({ login: { ...ctx.config.login, perAccountAddress: { max: 3, windowMs: 15 * 60_000 } } });
    const { user } = await buildUser(ctx.app);
    for (let i = 0; i < 3; i++) expect((await login(user.registrationId, 'a wrong guess', app)).statusCode).toBe(401);
    expect((await login(user.registrationId, 'a wrong guess', app)).statusCode).toBe(429);
    await forgot(user.registrationId, app);
    expect((await reset(await resetLinkFor(user.email), NEW_PASSWORD, app)).statusCode).toBe(200);
    expect((await login(user.registrationId, NEW_PASSWORD, app)).statusCode).toBe(200);
  });

  it('past the account\'s limit answers the same, sends no more while a link works, and one more when none does', async () => {
    const hour = 60 * 60_000;
    let later = 0;
    const app = await ctx.extraApp({ rateLimits: { ...ctx.config.rateLimits, resetPerAccount: { max: 2, windowMs: hour } }, now: () => new Date(Date.now() + later) });
    const { user } = await buildUser(ctx.app);
    const answers = [];
    for (const id of [user.registrationId, 999_999_998]) {
      for (let i = 0; i < 4; i++) {
        const started = Date.now();
        const res = await forgot(id, app);
        // Never a 429: the limit tells nothing and blocks no one. The answer keeps its floor.
        expect(res.statusCode).toBe(200);
        expect(Date.now() - started).toBeGreaterThanOrEqual(290);
        answers.push(res.body);
      }
    }
    expect(new Set(answers).size).toBe(1);
    await smtp.emailsTo(user.email, RESET_SUBJECT, 2);
    await queueSent();
    expect(await ctx.database.db.select().from(passwordResets)).toHaveLength(2);
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(2);

    // Once none of the links sent works any more, the inbox gets one that does.
    later = 31 * 60_000;
    expect((await forgot(user.registrationId, app)).statusCode).toBe(200);
    expect((await forgot(user.registrationId, app)).statusCode).toBe(200);
    const token = await resetLinkFor(user.email, 3);
    await queueSent();
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(3);
    expect((await reset(token, NEW_PASSWORD, app)).statusCode).toBe(200);
  });

  it('the owner\'s own browser gets a link past the account\'s limit, on an allowance of its own', async () => {
    const hour = 60 * 60_000;
    const app = await ctx.extraApp({ rateLimits: { ...ctx.config.rateLimits, resetPerAccount: { max: 2, windowMs: hour } } });
    const { user } = await buildUser(ctx.app);
    const other = await buildUser(ctx.app);
    const mine = deviceCookie(await login(user.registrationId, DEFAULT_PASSWORD, app));
    const theirs = deviceCookie(await login(other.user.registrationId, other.password, app));
    // A flood uses the account's allowance up.
    for (let i = 0; i < 5; i++) expect((await forgot(user.registrationId, app)).statusCode).toBe(200);
    await smtp.emailsTo(user.email, RESET_SUBJECT, 2);
    // Another account's browser, or a made-up cookie, is a stranger: nothing more is sent.
    expect((await forgot(user.registrationId, app, theirs)).statusCode).toBe(200);
    expect((await forgot(user.registrationId, app, 'campus_device=made-up')).statusCode).toBe(200);
    await queueSent();
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(2);
    // The browser the owner logged in with is not held by it, up to its own allowance.
    for (let i = 0; i < 3; i++) expect((await forgot(user.registrationId, app, mine)).statusCode).toBe(200);
    await smtp.emailsTo(user.email, RESET_SUBJECT, 4);
    await queueSent();
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(4);
    expect((await reset(await resetLinkFor(user.email, 4), NEW_PASSWORD, app)).statusCode).toBe(200);
  });

  it('is rate limited per address, with a 429', async () => {
    const hour = 60 * 60_000;
    const perAddress = await ctx.extraApp({ rateLimits: { ...ctx.config.rateLimits, resetPerAddress: { max: 3, windowMs: hour } } });
    expect((await forgot(999_999_901, perAddress)).statusCode).toBe(200);
    expect((await forgot(999_999_902, perAddress)).statusCode).toBe(200);
    expect((await reset('a guessed token', NEW_PASSWORD, perAddress)).statusCode).toBe(400);
    const limited = await reset('another guess', NEW_PASSWORD, perAddress);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await forgot(999_999_903, perAddress)).statusCode).toBe(429);
  });

  it('answers at once while the SMTP server is down: the email waits in the queue', async () => {
    const down = await startSmtpServer();
    await down.stop();
    const app = await ctx.extraApp({ mail: testMailConfig(down, { retryBaseMs: 60_000, retryMaxMs: 60_000 }) });
    const { user } = await buildUser(ctx.app);
    expect((await forgot(user.registrationId, app)).statusCode).toBe(200);
    const queued = await ctx.database.db.select().from(mailJobs).where(eq(mailJobs.recipient, user.email));
    expect(queued).toHaveLength(1);
  });

  it('is unavailable (503) when mail is off', async () => {
    const app = await ctx.extraApp({ mail: undefined });
    const { user } = await buildUser(ctx.app);
    const res = await forgot(user.registrationId, app);
    expect(res.statusCode).toBe(503);
    expect(firstError(res)).toMatch(/sends no email/);
  });
});
