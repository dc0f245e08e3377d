import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Db } from '../db/database';

/**
 * One kind of message the instances tell each other: its name and the JSON payload it carries.
 * The part of the app that owns a kind declares it; the bus only carries it. A message only says
 * where to look: the database stays the source of truth.
 *
 * On the wire a message is `{"t": name, ...payload}` on one channel. The names and fields are
 * what instances of the release before understand too, so a rolling deploy loses no message.
 */
export interface Topic<T extends object> {
  readonly name: string;
  /** What a payload must be; one that is not is ignored (a stranger, or a newer release). */
  readonly payload: z.ZodType<T>;
}

export const topic = <T extends object>(name: string, payload: z.ZodType<T>): Topic<T> => ({ name, payload });

export const BUS_CHANNEL = 'campus_realtime';

/**
 * Many rows changed at once (the registrar's roster applied): every instance drops every copy it
 * holds and looks again, exactly as after a lost connection (`onResume`), rather than being told
 * of thousands of rows one message each.
 */
export const everythingStale = topic('stale-all', z.object({}));

/**
 * Announces a message. Inside a transaction PostgreSQL delivers it at commit, and not at all on
 * rollback, so listeners never look for rows that do not exist (yet).
 */
export async function announce<T extends object>(db: Db, to: Topic<T>, message: T): Promise<void> {
  await db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${JSON.stringify({ t: to.name, ...message })})`);
}

type Fields = Record<string, unknown>;

function parse(payload: string): { name: string; fields: Fields } | undefined {
  try {
    const m = JSON.parse(payload) as unknown;
    if (m && typeof m === 'object' && typeof (m as Fields).t === 'string') return { name: (m as { t: string }).t, fields: m as Fields };
  } catch {
    // not ours
  }
  return undefined;
}

/**
 * This instance's end of the bus: one LISTEN, however many parts of the app listen to it. Each
 * message reaches its topic's handlers in the order they subscribed, one message after another.
 */
export class Bus {
  private readonly handlers = new Map<string, ((fields: Fields) => void)[]>();
  private readonly resumers: (() => void)[] = [];
  private stop: () => Promise<void> = async () => {};

  /** Subscribes the instance; resolves once listening. */
  static async open(database: Database, log: FastifyBaseLogger): Promise<Bus> {
    const bus = new Bus();
    bus.on(everythingStale, () => bus.resumeAll());
    bus.stop = await database.listen(BUS_CHANNEL, {
      onMessage: (payload) => {
        const message = parse(payload);
        if (message) for (const handle of bus.handlers.get(message.name) ?? []) handle(message.fields);
      },
      onResume: () => bus.resumeAll(),
      onError: (err) => log.warn({ err }, 'bus connection lost; reconnecting'),
    });
    return bus;
  }

  /** Calls `handle` with every message of the topic, from any instance (this one included). */
  on<T extends object>(from: Topic<T>, handle: (message: T) => void): void {
    let list = this.handlers.get(from.name);
    if (!list) this.handlers.set(from.name, (list = []));
    list.push((fields) => {
      const parsed = from.payload.safeParse(fields);
      if (parsed.success) handle(parsed.data);
    });
  }

  /** Calls `resume` when messages may have been lost (the listening connection dropped and came back). */
  onResume(resume: () => void): void {
    this.resumers.push(resume);
  }

  private resumeAll(): void {
    for (const resume of this.resumers) resume();
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.resumers.length = 0;
    await this.stop();
  }
}
