import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import { queueDigest, type DigestHour } from './digest';

/** How often an instance looks whether a digest is due. */
const DIGEST_CHECK_MS = 60_000;
/**
 * The digest runs this long after its hour: a fan-out whose transaction began just before the
 * hour (its notifications dated then) has committed by the time the digest reads the day.
 */
const DIGEST_GRACE_MS = 60_000;

function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/**
 * The campus day whose digest is due at `now`: today once the digest hour (and the grace) has
 * passed in the campus time zone, else yesterday. Yesterday's is then still due if no instance
 * sent it (all were down at the hour); if one did, its dedupe keys make the run a no-op.
 */
export function dueDigestDay(timeZone: string, hour: number, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(now.getTime() - DIGEST_GRACE_MS));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const today = `${part('year')}-${part('month')}-${part('day')}`;
  return Number(part('hour')) >= hour ? today : dayBefore(today);
}

/**
 * Each instance (mail on) looks every minute whether a campus day's digest is due and not yet
 * run here, and queues it (`queueDigest`). Every instance does it: the dedupe keys, not a leader,
 * make each email go once, so no instance's absence skips a day.
 */
export class DigestScheduler {
  private timer: NodeJS.Timeout | undefined;
  private doneFor: string | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly at: DigestHour,
    /** The clock (tests set their own). */
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), DIGEST_CHECK_MS);
    this.timer.unref();
    void this.tick();
  }

  /**
   * Queues the due day's digest unless this instance already did; answers how many emails it
   * queued (undefined when none was due or a run is under way). A failed run is tried again at
   * the next tick.
   */
  async tick(): Promise<number | undefined> {
    const day = dueDigestDay(this.at.timeZone, this.at.hour, this.now());
    if (this.doneFor === day || this.running) return undefined;
    const started = performance.now();
    this.running = queueDigest(this.db, this.at, day);
    try {
      const queued = await this.running;
      this.doneFor = day;
      this.log.info({ day, queued, ms: Math.round(performance.now() - started) }, 'daily digest queued');
      return queued;
    } catch (err) {
      this.log.error({ err, day }, 'daily digest failed; trying again in a minute');
      return undefined;
    } finally {
      this.running = undefined;
    }
  }

  /** Stops looking, after a run under way (the database closes next). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
