import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paths } from '@campus/contract';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../../test/build-app';
import { startSmtpServer, testMailConfig, type TestSmtp } from '../../../test/smtp-server';
import { mailJobs } from '../../db/schema';
import type { MailWorkerSettings } from '../config/config';
import { loadConfig } from '../config/config';
import { migrationsFolder } from '../db/database';
import { enqueueMail } from './mail-queue';
import { MailTemplates, mailTemplate } from './mail-template';
import { oneLine } from './mail-text';
import { classifySendError } from './mail-worker';
import { prerendered } from './prerendered';

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

/** The test's emails: numbered notes (bulk), urgent ones, and one with a link whose token is its secret part. */
const note = mailTemplate({
  name: 'test-note',
  priority: 'bulk',
  params: z.object({ n: z.number() }),
  render: ({ n }) => ({ subject: `message ${n}`, text: `body ${n}` }),
});
const urgent = mailTemplate({
  name: 'test-urgent',
  priority: 'urgent',
  params: z.object({ n: z.number() }),
  render: ({ n }) => ({ subject: `urgent ${n}`, text: `urgent body ${n}` }),
});
const linked = mailTemplate({
  name: 'test-linked',
  priority: 'urgent',
  params: z.object({ name: z.string() }),
  secret: z.object({ token: z.string() }),
  render: ({ name }, { token }, { origin }) => ({
    subject: `Your link, ${oneLine(name)}`,
    text: `Hello ${oneLine(name)},\nyour link: ${origin}/x?token=${token}`,
    html: `<p>Your <b>link</b>: ${origin}/x?token=${token}</p>`,
    headers: { 'List-Unsubscribe': `<${origin}/unsubscribe?t=abc>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }),
});

/** An instance with mail on, its worker running and the test's templates added. */
async function sender(worker: Partial<MailWorkerSettings> = {}, url = smtp.url): Promise<FastifyInstance> {
  const app = await ctx.extraApp({ mail: testMailConfig({ url }, worker) });
  app.mailTemplates.add(note, urgent, linked);
  await app.ready();
  started.push(app);
  return app;
}

const jobs = () => ctx.database.db.select().from(mailJobs).orderBy(asc(mailJobs.id));
/** Every row of mail_jobs, every column, as text. */
const everyColumn = async () => JSON.stringify((await ctx.database.db.execute(sql`select m::text as row from mail_jobs m`)) as unknown);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const message = (n: number, dedupeKey?: string) => note.message(`student${n}@campus.test`, { n }, dedupeKey === undefined ? undefined : { dedupeKey });
const done = (rows: { sentAt: Date | null; failedAt: Date | null }[]) => rows.every((r) => r.sentAt !== null || r.failedAt !== null);

describe('the mail queue', () => {
  it('renders a queued email from its template when it sends it, HTML and headers included, from MAIL_FROM', async () => {
    // A poll a minute away: the email can only arrive this soon because enqueueing woke the worker.
    await sender({ pollMs: 60_000 });
    const queued = await enqueueMail(ctx.database.db, [linked.message('ada@campus.test', { name: 'Ada\nOpen this instead: https://evil.test' }, { secret: { token: 'tok-3f9a' } })], ctx.app.mailSecrets);
    expect(queued).toBe(1);
    const [mail] = await smtp.waitFor(1, 3_000);
    expect(mail!.to).toEqual(['ada@campus.test']);
    expect(mail!.parsed.from?.text).toBe('"Campus Portal" <portal@campus.test>');
    // A user's value cannot start a line of its own.
    expect(mail!.parsed.subject).toBe('Your link, Ada Open this instead: https://evil.test');
    expect(mail!.parsed.text?.trim()).toBe('Hello Ada Open this instead: https://evil.test,\nyour link: https://portal.campus.test/x?token=tok-3f9a');
    expect(mail!.parsed.html).toContain('<b>link</b>');
    expect(mail!.header('List-Unsubscribe')).toBe('<https://portal.campus.test/unsubscribe?t=abc>');
    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [row] = await until(jobs, (rows) => rows[0]?.sentAt != null);
    expect(row).toMatchObject({ template: 'test-linked', params: { name: 'Ada\nOpen this instead: https://evil.test' }, priority: 0, attempts: 0, lastError: null, failedAt: null, secret: null });
    // Sent: the token is nowhere in the row any more.
    expect(await everyColumn()).not.toContain('tok-3f9a');
  });

  it('queues a secret part sealed, and one moved to another job does not open: given up, its value nowhere', async () => {
    const { db } = ctx.database;
    await enqueueMail(db, [linked.message('ada@campus.test', { name: 'Ada' }, { secret: { token: 'tok-moved-5b2e' } })], ctx.app.mailSecrets);
    expect(await everyColumn()).not.toContain('tok-moved-5b2e');
    // Without the sealer, a secret part is refused rather than stored as it is.
    await expect(enqueueMail(db, [linked.message('bob@campus.test', { name: 'Bob' }, { secret: { token: 'tok-plain' } })])).rejects.toThrow(/secret part/);
    // Someone with write access to the table points the job at their own address.
    await db.update(mailJobs).set({ recipient: 'mallory@evil.test' });
    await sender();
    const [row] = await until(jobs, done);
    expect(row).toMatchObject({ sentAt: null, secret: null, lastError: expect.stringMatching(/^cannot render: the secret part does not open/) });
    expect(smtp.received).toEqual([]);
    expect(await everyColumn()).not.toContain('tok-moved-5b2e');
  });

  it('queues an email with a dedupe key once, and nothing from a transaction that rolled back', async () => {
    const { db } = ctx.database;
    expect(await enqueueMail(db, [message(1, 'digest:u1:2025-03-01'), message(2, 'digest:u1:2025-03-01')])).toBe(1);
    expect(await enqueueMail(db, [message(3, 'digest:u1:2025-03-01'), message(4)])).toBe(1);
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

  it('gives up after the last attempt, and at once when the server refuses for good, clearing the secret part', async () => {
    smtp.refuseNext(3, 451);
    await sender({ maxAttempts: 3 });
    await enqueueMail(ctx.database.db, [message(1)]);
    const [row] = await until(jobs, (rows) => rows[0]?.failedAt != null);
    expect(row).toMatchObject({ attempts: 3, sentAt: null });
    expect(row!.lastError).toContain('451');

    smtp.refuseNext(1, 550);
    await enqueueMail(ctx.database.db, [linked.message('nobody@campus.test', { name: 'Nobody' }, { secret: { token: 'tok-given-up-77c1' } })], ctx.app.mailSecrets);
    const rows = await until(jobs, (all) => all[1]?.failedAt != null);
    expect(rows[1]).toMatchObject({ attempts: 1, sentAt: null, secret: null });
    expect(await everyColumn()).not.toContain('tok-given-up-77c1');
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps the email for later, uncharged, when the SMTP server does not answer', async () => {
    const down = await startSmtpServer();
    await down.stop();
    await sender({ retryBaseMs: 60_000, retryMaxMs: 60_000, relayRetryMaxMs: 60_000 }, down.url);
    await enqueueMail(ctx.database.db, [message(1)]);
    const [row] = await until(jobs, (rows) => rows[0]?.lastError != null);
    expect(row!.sentAt).toBeNull();
    expect(row!.failedAt).toBeNull();
    // The relay's failure, not the email's: no attempt counted towards giving up.
    expect(row!.attempts).toBe(0);
    expect(row!.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    // Due again in about a minute.
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it('waits out a relay that refuses its login (535), and gives no email up for it', async () => {
    const relay = await startSmtpServer({ auth: true });
    try {
      relay.refuseLogins(3);
      // One charged failure would give an email up: none may be charged.
      await sender({ maxAttempts: 1 }, relay.url);
      await enqueueMail(ctx.database.db, Array.from({ length: 20 }, (_, i) => message(i)));
      await relay.waitFor(20);
      const rows = await until(jobs, (all) => all.every((r) => r.sentAt !== null));
      expect(rows.every((r) => r.attempts === 0 && r.failedAt === null)).toBe(true);
      expect(relay.refusedLogins).toBe(3);
      expect(new Set(relay.received.map((m) => m.parsed.subject)).size).toBe(20);
    } finally {
      await relay.stop();
    }
  });

  it('waits out a relay that answers 421, and gives no email up for it', async () => {
    smtp.refuseNext(3, 421);
    await sender({ maxAttempts: 1 });
    await enqueueMail(ctx.database.db, Array.from({ length: 10 }, (_, i) => message(i)));
    await smtp.waitFor(10);
    const rows = await until(jobs, (all) => all.every((r) => r.sentAt !== null));
    expect(rows.every((r) => r.attempts === 0 && r.failedAt === null)).toBe(true);
    expect(new Set(smtp.received.map((m) => m.parsed.subject)).size).toBe(10);
  });

  it('tells the relay\'s failures from the email\'s', () => {
    expect(classifySendError({ code: 'EAUTH', responseCode: 535 })).toBe('relay');
    expect(classifySendError({ code: 'EMESSAGE', responseCode: 421 })).toBe('relay');
    expect(classifySendError({ code: 'ESOCKET' })).toBe('relay');
    expect(classifySendError({ code: 'EMESSAGE', responseCode: 451 })).toBe('transient');
    expect(classifySendError({ code: 'EENVELOPE', responseCode: 550 })).toBe('permanent');
    expect(classifySendError({ code: 'EMESSAGE', responseCode: 552 })).toBe('permanent');
  });

  it('gives up a job it cannot render, saying why, and sends the others', async () => {
    await sender({ maxAttempts: 2 });
    const { db } = ctx.database;
    await db.insert(mailJobs).values([
      { recipient: 'a@campus.test', template: 'no-such-template', params: {} },
      { recipient: 'b@campus.test', template: 'test-note', params: { n: 'not a number' } },
      { recipient: 'c@campus.test', template: 'test-linked', params: { name: 'C' } },
    ]);
    await enqueueMail(db, [message(1)]);
    const rows = await until(jobs, done);
    // A template this instance lacks may be a newer version's: tried again, then given up.
    expect(rows[0]).toMatchObject({ attempts: 2, sentAt: null, lastError: 'cannot render: no mail template "no-such-template" on this instance' });
    expect(rows[0]!.failedAt).not.toBeNull();
    // Parameters that do not fit never will: given up at once.
    expect(rows[1]).toMatchObject({ attempts: 1, sentAt: null });
    expect(rows[1]!.lastError).toMatch(/^cannot render: the parameters do not fit template "test-note": n: /);
    expect(rows[1]!.failedAt).not.toBeNull();
    expect(rows[2]!.lastError).toMatch(/^cannot render: the secret part does not fit template "test-linked"/);
    expect(rows[3]!.sentAt).not.toBeNull();
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual(['message 1']);
  });

  it('sends a reset or security email before a fan-out\'s queue', async () => {
    smtp.delayMs = 15;
    const batchSize = 5;
    await sender({ batchSize, connections: 1 });
    await enqueueMail(ctx.database.db, Array.from({ length: 100 }, (_, i) => message(i)));
    await smtp.waitFor(3);
    const before = smtp.received.length;
    await enqueueMail(ctx.database.db, [urgent.message('dean@campus.test', { n: 1 })]);
    await until(async () => smtp.received.some((m) => m.parsed.subject === 'urgent 1'), Boolean);
    // At most the rest of the batch under way went before it.
    const position = smtp.received.findIndex((m) => m.parsed.subject === 'urgent 1');
    expect(position).toBeLessThanOrEqual(before + batchSize);
    expect(smtp.received.length).toBeLessThan(100);
    smtp.delayMs = 0;
    await until(jobs, (rows) => rows.every((r) => r.sentAt !== null));
  });

  it('marks each email sent as soon as the server accepted it, not at the end of its batch', async () => {
    smtp.delayMs = 150;
    await sender({ batchSize: 6, connections: 1 });
    await enqueueMail(ctx.database.db, Array.from({ length: 6 }, (_, i) => message(i)));
    await smtp.waitFor(1);
    await until(jobs, (rows) => rows.some((r) => r.sentAt !== null));
    expect(smtp.received.length).toBeLessThan(6);
    smtp.delayMs = 0;
    await until(jobs, (rows) => rows.every((r) => r.sentAt !== null));
  });

  it('a relay slower than the lease does not make two instances send an email twice', async () => {
    smtp.delayMs = 100;
    const settings = { batchSize: 12, connections: 1, leaseMs: 500 };
    await sender(settings);
    await sender(settings);
    await enqueueMail(ctx.database.db, Array.from({ length: 12 }, (_, i) => message(i)));
    await smtp.waitFor(12);
    await until(jobs, (rows) => rows.every((r) => r.sentAt !== null));
    // Anything sent twice would have arrived by now.
    await new Promise((r) => setTimeout(r, 600));
    const subjects = smtp.received.map((m) => m.parsed.subject);
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
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
    expect(c.mail!.worker).toMatchObject({ batchSize: 200, maxAttempts: 8, retryBaseMs: 60_000 });
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

describe('upgrading to templates (migration 0010)', () => {
  it('keeps the emails still to send, their body in the part cleared once sent, and drops the words of those sent', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // The migrations up to 0009, as a server of the previous version had them.
    const full = migrationsFolder();
    const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-migrations-'));
    fs.cpSync(full, earlier, { recursive: true });
    const journalFile = path.join(earlier, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === '0010_mail_templates');
    fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: earlier });
      await client.query(`insert into mail_jobs (recipient, subject, text, html, headers, sent_at) values
        ('ada@campus.test', 'Reset your Campus Portal password', 'Open https://portal.campus.test/reset-password?token=waiting-0a1b', null, '{"X-Kind":"reset"}', null),
        ('bob@campus.test', 'Reset your Campus Portal password', 'Open https://portal.campus.test/reset-password?token=sent-9f8e', '<p>sent-9f8e</p>', '{}', now())`);
      await migrate(db, { migrationsFolder: full });
      const { rows } = await client.query<{ row: string; template: string; params: unknown; secret: unknown }>('select m::text as row, template, params, secret from mail_jobs m order by id');
      expect(rows.map((r) => r.template)).toEqual(['prerendered', 'prerendered']);
      expect(rows[1]!.row).not.toContain('sent-9f8e');
      const templates = new MailTemplates();
      templates.add(prerendered);
      const context = { origin: 'https://portal.campus.test', campusName: 'Campus Portal', config: loadConfig({}) };
      expect(templates.render({ template: rows[0]!.template, params: rows[0]!.params, secret: rows[0]!.secret }, context)).toEqual({
        subject: 'Reset your Campus Portal password',
        text: 'Open https://portal.campus.test/reset-password?token=waiting-0a1b',
        headers: { 'X-Kind': 'reset' },
      });
    } finally {
      await client.close();
      fs.rmSync(earlier, { recursive: true, force: true });
    }
  });
});
