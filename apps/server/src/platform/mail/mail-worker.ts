import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailJobs } from '../../db/schema';
import type { MailConfig } from '../config/config';
import type { Db } from '../db/database';
import { MailRenderError, type RenderableJob, type RenderedMail } from './mail-template';

/** A job as the worker takes it. */
interface TakenJob extends RenderableJob {
  id: number;
  recipient: string;
  priority: number;
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
 * nodemailer's codes for a relay that cannot take any email now: it does not answer, the
 * connection or TLS failed, or it refused our login.
 */
const RELAY_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'ENOAUTH', 'EPROTOCOL']);
/**
 * SMTP replies that are about the relay, not the email: 421 (service not available, closing),
 * 454 (TLS or authentication temporarily unavailable), and the login refusals 530, 534, 535, 538
 * (the relay's credentials are wrong or expired: an operator's problem, not the email's).
 */
const RELAY_REPLIES = new Set([421, 454, 530, 534, 535, 538]);

/**
 * What a failed send says about whom: `relay` (nothing can be sent now: wait, and charge the
 * email nothing), `permanent` (the server refused this email for good, a 5xx: give up), or
 * `transient` (this email, later: back off and count an attempt).
 */
export function classifySendError(err: SendError): 'relay' | 'permanent' | 'transient' {
  if ((err.code !== undefined && RELAY_CODES.has(err.code)) || (err.responseCode !== undefined && RELAY_REPLIES.has(err.responseCode))) return 'relay';
  return err.responseCode !== undefined && err.responseCode >= 500 ? 'permanent' : 'transient';
}

const describe = (err: SendError) => [err.responseCode ?? err.code, err.message].filter(Boolean).join(' ').slice(0, 1000);

/**
 * This instance's sender of the mail queue (mail_jobs). It takes due jobs in small batches with
 * `FOR UPDATE SKIP LOCKED`, most urgent first, pushing their run_at forward by a lease in the
 * same statement, so no two instances ever hold the same job; renders each (its template, by
 * name); sends them over a small pool of SMTP connections; and marks each sent as soon as the
 * server accepted it, or due again later (exponential backoff), or given up. A job's secret part
 * is cleared by the UPDATE that marks it sent or given up. A job left by an instance that died
 * mid-batch is due again when its lease runs out.
 *
 * When the relay itself fails (it does not answer, refuses our login, answers 421), the worker
 * stops the batch, hands its jobs back uncharged, and waits with its own backoff: an outage or a
 * wrong password costs rows waiting in a table, never emails given up.
 *
 * Requests never wait on it: producers only insert rows (enqueueMail). It wakes as soon as jobs
 * are queued on any instance (the bus) and otherwise polls, which finds retries coming due.
 */
export class MailWorker {
  private readonly transport: Transporter;
  private readonly marks: SentMarks;
  private stopping = false;
  private woken = false;
  private wakeUp: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private lastHousekeeping = 0;
  /** Relay failures in a row (none since the last email it accepted). */
  private relayFailures = 0;

  constructor(
    private readonly db: Db,
    private readonly config: MailConfig,
    private readonly log: FastifyBaseLogger,
    /** The email of a job, or a MailRenderError (app.mailTemplates, with this server's context; its secret part opened). */
    private readonly render: (job: RenderableJob & { recipient: string }) => RenderedMail,
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
    this.marks = new SentMarks(db, log);
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
      let batch: Batch = { taken: 0, relayDown: false };
      try {
        batch = await this.runBatch();
        await this.housekeeping();
      } catch (err) {
        // The database did not answer: wait for the next poll, as if idle.
        this.log.error({ err }, 'mail queue: taking jobs failed');
      }
      if (this.stopping) break;
      // The relay is down or refuses us: nothing is taken until its backoff has passed.
      if (batch.relayDown) {
        await this.idle(this.relayBackoffMs(), false);
        continue;
      }
      // A full batch leaves more due, and a wake during the batch may mean new jobs.
      if (batch.taken === this.config.worker.batchSize || this.woken) continue;
      await this.idle(this.config.worker.pollMs, true);
    }
  }

  /** Waits `ms`, or until stopped, or (when `wakeable`) until jobs are queued. */
  private idle(ms: number, wakeable: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = wakeable
        ? done
        : () => {
            if (this.stopping) done();
          };
    });
  }

  /** The relay's backoff: retryBaseMs, doubling with each failure in a row, at most relayRetryMaxMs. */
  private relayBackoffMs(): number {
    const { retryBaseMs, relayRetryMaxMs } = this.config.worker;
    return Math.min(relayRetryMaxMs, retryBaseMs * 2 ** Math.max(0, this.relayFailures - 1));
  }

  /** Takes one batch of due jobs and sends it. */
  private async runBatch(): Promise<Batch> {
    const jobs = await this.take();
    if (jobs.length === 0) return { taken: 0, relayDown: false };
    // A batch that outlasted half its lease starts no more sends: their lease could end while
    // they are under way, and another instance would send them too.
    const startBy = performance.now() + this.config.worker.leaseMs / 2;
    let relayDown = false;
    let next = 0;
    // One sender per pooled connection, each taking the batch's next job until none is left.
    const sender = async () => {
      while (next < jobs.length && !this.stopping && !relayDown && performance.now() < startBy) {
        const job = jobs[next++]!;
        let mail: RenderedMail;
        try {
          mail = this.render(job);
        } catch (err) {
          await this.cannotRender(job, err).catch((dbErr: unknown) => this.log.error({ err: dbErr, job: job.id }, 'mail queue: recording a job that cannot render failed'));
          continue;
        }
        try {
          await this.transport.sendMail({ from: this.config.from, to: job.recipient, ...mail });
          this.relayFailures = 0;
          this.marks.add(job.id);
        } catch (err) {
          const kind = classifySendError(err as SendError);
          // One failure of the relay, however many sends under way meet it.
          if (kind === 'relay' && !relayDown) {
            relayDown = true;
            this.relayFailures++;
          }
          // Not recorded (the database did not answer): the job is due again when its lease ends.
          await this.failed(job, err as SendError, kind).catch((dbErr: unknown) => this.log.error({ err: dbErr, job: job.id }, 'mail queue: recording a failed send failed'));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.worker.connections, jobs.length) }, sender));
    await this.marks.drain();
    const handedBack = jobs.slice(next).map((j) => j.id);
    if (handedBack.length > 0) {
      // Due at once for another instance, or after the relay's backoff when it failed us.
      const runAt = relayDown ? sql`now() + ${this.relayBackoffMs()} * interval '1 millisecond'` : sql`now()`;
      await this.db.update(mailJobs).set({ runAt }).where(inArray(mailJobs.id, handedBack));
    }
    return { taken: jobs.length, relayDown };
  }

  /**
   * Due jobs, most urgent first and then oldest first, made invisible to every worker for the
   * lease in the same statement. SKIP LOCKED passes over rows another instance is taking at this
   * moment; once it committed, their run_at is in the future and they no longer qualify.
   */
  private async take(): Promise<TakenJob[]> {
    const { batchSize, leaseMs } = this.config.worker;
    const result = await this.db.execute(sql`
      with due as (
        select id from ${mailJobs}
        where sent_at is null and failed_at is null and run_at <= now()
        order by priority, run_at
        limit ${batchSize}
        for update skip locked
      )
      update ${mailJobs} set run_at = now() + ${leaseMs} * interval '1 millisecond'
      from due where ${mailJobs.id} = due.id
      returning ${mailJobs.id} as id, recipient, template, params, secret, priority, attempts`);
    const rows = (result as unknown as { rows: (Omit<TakenJob, 'id'> & { id: number | string })[] }).rows;
    return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.priority - b.priority || a.id - b.id);
  }

  /**
   * A send failed. The relay's failure: due again after the relay's backoff, not counted. The
   * email's: due again after its own backoff, or given up after the last attempt, or at once when
   * the server refused it for good (a 5xx: the address does not exist, the message is refused).
   */
  private async failed(job: TakenJob, err: SendError, kind: 'relay' | 'permanent' | 'transient'): Promise<void> {
    const lastError = describe(err);
    const facts = { job: job.id, code: err.code, responseCode: err.responseCode };
    if (kind === 'relay') {
      const delayMs = this.relayBackoffMs();
      this.log.warn({ ...facts, relayFailures: this.relayFailures, retryInMs: delayMs }, 'mail queue: the SMTP relay failed; pausing');
      await this.db
        .update(mailJobs)
        .set({ lastError, runAt: sql`now() + ${delayMs} * interval '1 millisecond'` })
        .where(inArray(mailJobs.id, [job.id]));
      return;
    }
    const attempts = job.attempts + 1;
    if (kind === 'permanent' || attempts >= this.config.worker.maxAttempts) await this.giveUp(job, attempts, lastError);
    else await this.retryLater(job, attempts, lastError);
  }

  /**
   * The job names a template this instance does not have (a newer version queued it during a
   * rolling deploy): due again after a backoff, for an instance that has it, and given up after
   * the last attempt. Anything else that cannot render never will: given up at once.
   */
  private async cannotRender(job: TakenJob, err: unknown): Promise<void> {
    const reason = err instanceof MailRenderError ? err : new MailRenderError(`rendering failed: ${(err as Error).message}`);
    const lastError = `cannot render: ${reason.message}`.slice(0, 1000);
    const attempts = job.attempts + 1;
    if (reason.retry && attempts < this.config.worker.maxAttempts) await this.retryLater(job, attempts, lastError);
    else await this.giveUp(job, attempts, lastError);
  }

  private async retryLater(job: TakenJob, attempts: number, lastError: string): Promise<void> {
    const { retryBaseMs, retryMaxMs } = this.config.worker;
    const delayMs = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1));
    this.log.warn({ job: job.id, attempts, retryInMs: delayMs, error: lastError }, 'mail queue: sending failed; will retry');
    await this.db
      .update(mailJobs)
      .set({ attempts, lastError, runAt: sql`now() + ${delayMs} * interval '1 millisecond'` })
      .where(inArray(mailJobs.id, [job.id]));
  }

  /** No more tries; the secret part goes with the job's chances. */
  private async giveUp(job: TakenJob, attempts: number, lastError: string): Promise<void> {
    this.log.error({ job: job.id, attempts, error: lastError }, 'mail queue: gave up on an email');
    await this.db.update(mailJobs).set({ attempts, lastError, failedAt: sql`now()`, secret: null }).where(inArray(mailJobs.id, [job.id]));
  }

  /** Removes sent jobs past KEEP_SENT_MS, at most once an hour per instance. */
  private async housekeeping(): Promise<void> {
    if (Date.now() - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    this.lastHousekeeping = Date.now();
    await this.db.execute(sql`delete from ${mailJobs} where sent_at < now() - ${KEEP_SENT_MS} * interval '1 millisecond'`);
  }
}

interface Batch {
  taken: number;
  relayDown: boolean;
}

/**
 * How long an accepted email may wait for the UPDATE that marks it sent. One UPDATE per email
 * cost a fast relay a third of its throughput on PGlite (a statement and a WAL write each, on the
 * thread that also sends); gathered over this window, a batch takes one or two.
 */
const MARK_WITHIN_MS = 50;

/**
 * Marks jobs sent as the SMTP server accepts them: the first accepted starts a short wait
 * (MARK_WITHIN_MS), and one UPDATE then marks every job accepted meanwhile, so a fast relay
 * costs a statement or two a batch and a slow one never leaves an accepted email unmarked for
 * long. The same UPDATE clears the job's secret part.
 */
class SentMarks {
  private pending: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(id: number): void {
    this.pending.push(id);
    this.timer ??= setTimeout(() => this.flush(), MARK_WITHIN_MS);
  }

  /** Resolves once every job added so far is marked (or its write failed, logged). */
  async drain(): Promise<void> {
    this.flush();
    while (this.writing) await this.writing;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing || this.pending.length === 0) return;
    // Cleared in a callback, never synchronously: `drain` must not find a finished write still set.
    const writing = this.write().finally(() => {
      if (this.writing === writing) this.writing = undefined;
    });
    this.writing = writing;
  }

  /** Marks the pending jobs, and those accepted while it does, until none is left. */
  private async write(): Promise<void> {
    while (this.pending.length > 0) {
      const ids = this.pending.splice(0);
      try {
        await this.db.update(mailJobs).set({ sentAt: sql`now()`, lastError: null, secret: null }).where(inArray(mailJobs.id, ids));
      } catch (err) {
        // Unmarked, they are due again when their lease ends: sent twice rather than lost.
        this.log.error({ err, jobs: ids.length }, 'mail queue: marking sent emails failed');
      }
    }
  }
}
