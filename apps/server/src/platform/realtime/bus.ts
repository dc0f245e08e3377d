import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/database';

/**
 * What one instance tells every instance (itself included) through PostgreSQL NOTIFY. The
 * database stays the source of truth: a message only says where to look.
 * - `new`: notifications with seq from..to were committed (one fan-out);
 * - `read`: a user's unread count changed (read, read all);
 * - `session`: a user's sessions or account changed (logout, password change, profile edit):
 *   re-check their streams, forget what was cached of them;
 * - `stale`: the `topic` named `id` changed (a course): forget any cached copy of it.
 */
export type BusMessage =
  | { t: 'new'; from: number; to: number }
  | { t: 'read'; user: string }
  | { t: 'session'; user: string }
  | { t: 'stale'; topic: string; id: string };

export const BUS_CHANNEL = 'campus_realtime';

/**
 * Announces a message. Inside a transaction PostgreSQL delivers it at commit, and not at all on
 * rollback, so listeners never look for rows that do not exist (yet).
 */
export async function announce(db: Db, message: BusMessage): Promise<void> {
  await db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${JSON.stringify(message)})`);
}

export interface BusListener {
  onMessage(message: BusMessage): void;
  /** Messages may have been lost (the listening connection dropped and came back). */
  onResume?(): void;
}

function parse(payload: string): BusMessage | undefined {
  try {
    const m = JSON.parse(payload) as BusMessage;
    if (m.t === 'new' && Number.isSafeInteger(m.from) && Number.isSafeInteger(m.to)) return m;
    if ((m.t === 'read' || m.t === 'session') && typeof m.user === 'string') return m;
    if (m.t === 'stale' && typeof m.topic === 'string' && typeof m.id === 'string') return m;
  } catch {
    // not ours
  }
  return undefined;
}

/** This instance's end of the bus: one LISTEN, however many parts of the app listen to it. */
export class Bus {
  private readonly listeners = new Set<BusListener>();
  private stop: () => Promise<void> = async () => {};

  /** Subscribes the instance; resolves once listening. */
  static async open(database: Database, log: FastifyBaseLogger): Promise<Bus> {
    const bus = new Bus();
    bus.stop = await database.listen(BUS_CHANNEL, {
      onMessage: (payload) => {
        const message = parse(payload);
        if (message) for (const l of bus.listeners) l.onMessage(message);
      },
      onResume: () => {
        for (const l of bus.listeners) l.onResume?.();
      },
      onError: (err) => log.warn({ err }, 'bus connection lost; reconnecting'),
    });
    return bus;
  }

  on(listener: BusListener): void {
    this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.stop();
  }
}
