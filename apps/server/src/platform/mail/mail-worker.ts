import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailJobs } from '../../db/schema';
import type { MailConfig } from '../config/config';
import type { Db } from '../db/database';

/** A job as the worker takes it. */
interface TakenJob {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  attempts: number;
}

/** Sent jobs are kept this long (a producer's dedupe key holds meanwhile), then removed. */
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

/** How an error looks to the log and the job's last_error: no recipient, no body. */
interface SendError {
  message?: string;
  code?: string;
  responseCode?: number;
}

/**
 * This instance's sender of the mail queue (mail_jobs). It takes due jobs in small batches with
 * `FOR UPDATE SKIP LOCKED`, pushing their run_at forward by a lease in the same statement, so no
 * two instances ever hold the same job; sends them over a small pool of SMTP connections; and
 * marks each sent, or due again later (exponential backoff), or given up. A job left by an
 * instance that died mid-batch is due again when its lease runs out.
 *
 * Requests never wait on it: producers only insert rows (enqueueMail). It wakes as soon as jobs
 * are queued on any instance (the bus) and otherwise polls, which finds retries coming due.
 */
export class MailWorker {
  private readonly transport: Transporter;
  private stopping = false;
  private woken = false;
  private wakeUp: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private lastHousekeeping = 0;

  constructor(
    private readonly db: Db,
    private readonly config: MailConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    const { connections, smtpTimeoutMs } = config.worker;
    this.transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: connections,
      connectionTimeout: smtpTimeoutMs,
      greetingTimeout: smtpTimeoutMs,
      socketTimeout: smtpTimeoutMs,
    });
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Jobs were queued: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Stops taking jobs and waits for the sends under way; the jobs of the batch not yet begun are
   * handed back (due at once) for another instance, or this one's next start.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    this.transport.close();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      let taken = 0;
      try {
        taken = await this.runBatch();
        await this.housekeeping();
      } catch (err) {
        // The database did not answer: wait for the next poll, as if idle.
        this.log.error({ err }, 'mail queue: taking jobs failed');
      }
      if (this.stopping) break;
      // A full batch leaves more due, and a wake during the batch may mean new jobs.
      if (taken === this.config.worker.batchSize || this.woken) continue;
      await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.config.worker.pollMs);
      this.wakeUp = done;
    });
  }

  /** Takes one batch of due jobs and sends it; returns how many were taken. */
  private async runBatch(): Promise<number> {
    const jobs = await this.take();
    if (jobs.length === 0) return 0;
    const sent: number[] = [];
    let next = 0;
    // One sender per pooled connection, each taking the batch's next job until none is left.
    const sender = async () => {
      while (next < jobs.length && !this.stopping) {
        const job = jobs[next++]!;
        try {
          await this.transport.sendMail({ from: this.config.from, to: job.recipient, subject: job.subject, text: job.text, html: job.html ?? undefined, headers: job.headers });
          sent.push(job.id);
        } catch (err) {
          // Not recorded (the database did not answer): the job is due again when its lease ends.
          await this.failed(job, err as SendError).catch((dbErr: unknown) => this.log.error({ err: dbErr, job: job.id }, 'mail queue: recording a failed send failed'));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.worker.connections, jobs.length) }, sender));
    if (sent.length > 0) await this.db.update(mailJobs).set({ sentAt: sql`now()`, lastError: null }).where(inArray(mailJobs.id, sent));
    const handedBack = jobs.slice(next).map((j) => j.id);
    if (handedBack.length > 0) await this.db.update(mailJobs).set({ runAt: sql`now()` }).where(inArray(mailJobs.id, handedBack));
    return jobs.length;
  }

  /**
   * Due jobs, oldest first, made invisible to every worker for the lease in the same statement.
   * SKIP LOCKED passes over rows another instance is taking at this moment; once it committed,
   * their run_at is in the future and they no longer qualify.
   */
  private async take(): Promise<TakenJob[]> {
    const { batchSize, leaseMs } = this.config.worker;
    const result = await this.db.execute(sql`
      with due as (
        select id from ${mailJobs}
        where sent_at is null and failed_at is null and run_at <= now()
        order by run_at
        limit ${batchSize}
        for update skip locked
      )
      update ${mailJobs} set run_at = now() + ${leaseMs} * interval '1 millisecond'
      from due where ${mailJobs.id} = due.id
      returning ${mailJobs.id} as id, recipient, subject, text, html, headers, attempts`);
    const rows = (result as unknown as { rows: (Omit<TakenJob, 'id'> & { id: number | string })[] }).rows;
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /**
   * A send failed: due again after a backoff, or given up after the last attempt, or at once when
   * the server refused for good (a 5xx: the address does not exist, the message is refused).
   */
  private async failed(job: TakenJob, err: SendError): Promise<void> {
    const { retryBaseMs, retryMaxMs, maxAttempts } = this.config.worker;
    const attempts = job.attempts + 1;
    const permanent = err.responseCode !== undefined && err.responseCode >= 500;
    const lastError = [err.responseCode ?? err.code, err.message].filter(Boolean).join(' ').slice(0, 1000);
    const facts = { job: job.id, attempts, code: err.code, responseCode: err.responseCode };
    if (permanent || attempts >= maxAttempts) {
      this.log.error(facts, 'mail queue: gave up on an email');
      await this.db.update(mailJobs).set({ attempts, lastError, failedAt: sql`now()` }).where(inArray(mailJobs.id, [job.id]));
      return;
    }
    const delayMs = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1));
    this.log.warn({ ...facts, retryInMs: delayMs }, 'mail queue: sending failed; will retry');
    await this.db
      .update(mailJobs)
      .set({ attempts, lastError, runAt: sql`now() + ${delayMs} * interval '1 millisecond'` })
      .where(inArray(mailJobs.id, [job.id]));
  }

  /** Removes sent jobs past KEEP_SENT_MS, at most once an hour per instance. */
  private async housekeeping(): Promise<void> {
    if (Date.now() - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    this.lastHousekeeping = Date.now();
    await this.db.execute(sql`delete from ${mailJobs} where sent_at < now() - ${KEEP_SENT_MS} * interval '1 millisecond'`);
  }
}
