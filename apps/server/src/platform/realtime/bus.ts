import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/database';

/**
 * What one instance tells every instance (itself included) through PostgreSQL NOTIFY. The
 * database stays the source of truth: a message only says where to look.
 * - `new`: notifications with seq from..to were committed (one fan-out);
 * - `read`: a user's unread count changed (read, read all);
 * - `session`: a user's sessions changed (logout, password change): re-check their streams.
 */
export type BusMessage = { t: 'new'; from: number; to: number } | { t: 'read'; user: string } | { t: 'session'; user: string };

export const BUS_CHANNEL = 'campus_realtime';

/**
 * Announces a message. Inside a transaction PostgreSQL delivers it at commit, and not at all on
 * rollback, so listeners never look for rows that do not exist (yet).
 */
export async function announce(db: Db, message: BusMessage): Promise<void> {
  await db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${JSON.stringify(message)})`);
}

export interface BusHandlers {
  onMessage(message: BusMessage): void;
  /** Messages may have been lost (the listening connection dropped and came back). */
  onResume(): void;
  onError(err: unknown): void;
}

function parse(payload: string): BusMessage | undefined {
  try {
    const m = JSON.parse(payload) as BusMessage;
    if (m.t === 'new' && Number.isSafeInteger(m.from) && Number.isSafeInteger(m.to)) return m;
    if ((m.t === 'read' || m.t === 'session') && typeof m.user === 'string') return m;
  } catch {
    // not ours
  }
  return undefined;
}

/** Subscribes this instance to the bus; resolves once listening, with a function that stops. */
export function subscribe(database: Database, handlers: BusHandlers): Promise<() => Promise<void>> {
  return database.listen(BUS_CHANNEL, {
    onMessage: (payload) => {
      const message = parse(payload);
      if (message) handlers.onMessage(message);
    },
    onResume: handlers.onResume,
    onError: handlers.onError,
  });
}
