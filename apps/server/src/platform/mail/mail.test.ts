import { paths } from '@campus/contract';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { startSmtpServer, testMailConfig, type TestSmtp } from '../../../test/smtp-server';
import { mailJobs } from '../../db/schema';
import type { MailWorkerSettings } from '../config/config';
import { loadConfig } from '../config/config';
import { enqueueMail, type MailMessage } from './mail-queue';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
const started: FastifyInstance[] = [];
// Each test's senders stop before the next test's tables are emptied: none takes its jobs.
beforeEach(async () => {
  for (const app of started.splice(0)) await app.close();
});
// The file's own app sends nothing: each test starts the senders it needs, so it knows who sent.
const ctx = useTestApp();
afterAll(() => smtp.stop());
beforeEach(() => smtp.reset());

/** An instance with mail on, its worker running. */
async function sender(worker: Partial<MailWorkerSettings> = {}, url = smtp.url): Promise<FastifyInstance> {
  const app = await ctx.extraApp({ mail: testMailConfig({ url }, worker) });
  await app.ready();
  started.push(app);
  return app;
}

const jobs = () => ctx.database.db.select().from(mailJobs).orderBy(asc(mailJobs.id));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const message = (n: number, patch: Partial<MailMessage> = {}): MailMessage => ({ to: `student${n}@campus.test`, subject: `message ${n}`, text: `body ${n}`, ...patch });

describe('the mail queue', () => {
  it('sends a queued email, with its HTML and headers, from MAIL_FROM', async () => {
    // A poll a minute away: the email can only arrive this soon because enqueueing woke the worker.
    await sender({ pollMs: 60_000 });
    const queued = await enqueueMail(ctx.database.db, [
      {
        to: 'ada@campus.test',
        subject: 'Your notes',
        text: 'New notes in Compilers.',
        html: '<p>New notes in <b>Compilers</b>.</p>',
        headers: { 'List-Unsubscribe': '<https://portal.campus.test/unsubscribe?t=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
    ]);
    expect(queued).toBe(1);
    const [mail] = await smtp.waitFor(1, 3_000);
    expect(mail!.to).toEqual(['ada@campus.test']);
    expect(mail!.parsed.from?.text).toBe('"Campus Portal" <portal@campus.test>');
    expect(mail!.parsed.subject).toBe('Your notes');
    expect(mail!.parsed.text?.trim()).toBe('New notes in Compilers.');
    expect(mail!.parsed.html).toContain('<b>Compilers</b>');
    expect(mail!.header('List-Unsubscribe')).toBe('<https://portal.campus.test/unsubscribe?t=abc>');
    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [row] = await until(jobs, (rows) => rows[0]?.sentAt != null);
    expect(row).toMatchObject({ attempts: 0, lastError: null, failedAt: null });
  });

  it('queues an email with a dedupe key once, and nothing from a transaction that rolled back', async () => {
    const { db } = ctx.database;
    expect(await enqueueMail(db, [message(1, { dedupeKey: 'digest:u1:2025-03-01' }), message(2, { dedupeKey: 'digest:u1:2025-03-01' })])).toBe(1);
    expect(await enqueueMail(db, [message(3, { dedupeKey: 'digest:u1:2025-03-01' }), message(4)])).toBe(1);
    await db
      .transaction(async (tx) => {
        await enqueueMail(tx, [message(5)]);
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await enqueueMail(db, [])).toBe(0);
    await sender();
    await smtp.waitFor(2);
    await until(jobs, (rows) => rows.every((r) => r.sentAt !== null));
    expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual(['message 1', 'message 4']);
  });

  it('tries a refused send again later, and it arrives', async () => {
    smtp.refuseNext(2, 451);
    await sender();
    await enqueueMail(ctx.database.db, [message(1)]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toBe('message 1');
    const [row] = await until(jobs, (rows) => rows[0]?.sentAt != null);
    expect(row!.attempts).toBe(2);
    expect(row!.failedAt).toBeNull();
  });

  it('gives up after the last attempt, and at once when the server refuses for good', async () => {
    smtp.refuseNext(3, 451);
    await sender({ maxAttempts: 3 });
    await enqueueMail(ctx.database.db, [message(1)]);
    const [row] = await until(jobs, (rows) => rows[0]?.failedAt != null);
    expect(row).toMatchObject({ attempts: 3, sentAt: null });
    expect(row!.lastError).toContain('451');

    smtp.refuseNext(1, 550);
    await enqueueMail(ctx.database.db, [message(2)]);
    const rows = await until(jobs, (all) => all[1]?.failedAt != null);
    expect(rows[1]).toMatchObject({ attempts: 1, sentAt: null });
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps the email for later when the SMTP server does not answer', async () => {
    const down = await startSmtpServer();
    await down.stop();
    await sender({ retryBaseMs: 60_000, retryMaxMs: 60_000 }, down.url);
    await enqueueMail(ctx.database.db, [message(1)]);
    const [row] = await until(jobs, (rows) => (rows[0]?.attempts ?? 0) > 0);
    expect(row!.sentAt).toBeNull();
    expect(row!.failedAt).toBeNull();
    expect(row!.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    // Due again in about a minute.
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it('two instances on one database send each of 200 emails once', async () => {
    await sender();
    await sender();
    await enqueueMail(ctx.database.db, Array.from({ length: 200 }, (_, i) => message(i)));
    await smtp.waitFor(200, 20_000);
    await until(jobs, (rows) => rows.every((r) => r.sentAt !== null));
    // Anything sent twice would have arrived by now.
    await new Promise((r) => setTimeout(r, 300));
    const subjects = smtp.received.map((m) => m.parsed.subject);
    expect(subjects).toHaveLength(200);
    expect(new Set(subjects).size).toBe(200);
    expect((await jobs()).every((r) => r.attempts === 0)).toBe(true);
  });

  it('an instance closing while it sends finishes those sends and hands back the rest', async () => {
    smtp.delayMs = 40;
    const closing = await sender({ connections: 2 });
    await enqueueMail(ctx.database.db, Array.from({ length: 30 }, (_, i) => message(i)));
    await smtp.waitFor(3);
    await closing.close();
    const afterClose = await jobs();
    const sent = afterClose.filter((r) => r.sentAt !== null);
    // Every email that reached the server is recorded as sent; the others are due now, not leased.
    expect(sent.length).toBe(smtp.received.length);
    expect(sent.length).toBeLessThan(30);
    for (const r of afterClose.filter((j) => j.sentAt === null)) expect(r.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    smtp.delayMs = 0;
    await sender();
    await smtp.waitFor(30);
    await until(jobs, (rows) => rows.every((r) => r.sentAt !== null));
    await new Promise((r) => setTimeout(r, 200));
    const subjects = smtp.received.map((m) => m.parsed.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });

  it('is reported to the web app', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: paths.config })).json().data.mailEnabled).toBe(false);
    const app = await sender();
    expect((await app.inject({ method: 'GET', url: paths.config })).json().data.mailEnabled).toBe(true);
    expect(await jobs()).toEqual([]);
  });
});

describe('mail settings', () => {
  // What mail needs besides SMTP_URL and MAIL_FROM: links' origin and the unsubscribe links' key.
  const origin = { PUBLIC_ORIGIN: 'https://portal.example.edu', MAIL_SECRET: 's'.repeat(32) };

  it('are off unless SMTP_URL is set', () => {
    expect(loadConfig({}).mail).toBeUndefined();
  });

  it('read SMTP_URL, MAIL_FROM and PUBLIC_ORIGIN', () => {
    const c = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.edu:465', MAIL_FROM: 'Campus Portal <portal@example.edu>', ...origin });
    expect(c.mail).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.edu:465', from: 'Campus Portal <portal@example.edu>', linkOrigin: 'https://portal.example.edu' });
    expect(c.mail!.worker).toMatchObject({ batchSize: 50, maxAttempts: 8, retryBaseMs: 60_000 });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.edu', MAIL_FROM: 'portal@example.edu', ...origin }).mail?.from).toBe('portal@example.edu');
  });

  it.each([
    [{ SMTP_URL: 'smtp://mail.example.edu', ...origin }, 'MAIL_FROM: required when SMTP_URL is set'],
    [{ MAIL_FROM: 'portal@example.edu', ...origin }, 'SMTP_URL: required when MAIL_FROM is set'],
    [{ SMTP_URL: 'http://mail.example.edu', MAIL_FROM: 'portal@example.edu', ...origin }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ SMTP_URL: 'mail.example.edu:587', MAIL_FROM: 'portal@example.edu', ...origin }, 'SMTP_URL: must be'],
    [{ SMTP_URL: 'smtp://mail.example.edu', MAIL_FROM: 'the portal', ...origin }, 'MAIL_FROM: must be an email address'],
    [{ SMTP_URL: 'smtp://mail.example.edu', MAIL_FROM: 'portal@example.edu' }, 'PUBLIC_ORIGIN: required when mail is on'],
  ])('refuse %o at start-up, naming the variable', (env, problem) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });
});
