import { and, asc, eq, gte, ne, sql, type SQL } from 'drizzle-orm';
import { events, users, type EventRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { likeLiteral } from '../../platform/db/like';

/**
 * The one query behind every event listing and single-event read: the event joined with its
 * host's name and avatar, so a listing of any length is one SQL statement, never one per event.
 */

/** An event with what its listing entry needs beyond the row. */
export interface EventView {
  row: EventRow;
  fullname: string;
  avatarFileId: string | null;
}

export type EventFilter =
  /** today-events: one calendar day, by time. */
  | { on: string }
  /** other-events (and title search): every other day, upcoming soonest first, then past latest first. */
  | { besides: string; title?: string }
  /** all-events, my-events: by day and time. */
  | { ownerId?: string };

const view = { row: events, fullname: users.fullname, avatarFileId: users.avatarFileId };

/**
 * Upcoming (after `today`) before past; upcoming soonest first, past latest first (day, then
 * time, mirrored); creation order and the id settle what is left, so the order is total.
 */
const aroundDay = (today: string): SQL[] => [
  sql`(${events.date} < ${today}::date) asc`,
  sql`case when ${events.date} > ${today}::date then ${events.date} end asc`,
  sql`case when ${events.date} > ${today}::date then ${events.time} end asc`,
  sql`case when ${events.date} < ${today}::date then ${events.date} end desc`,
  sql`case when ${events.date} < ${today}::date then ${events.time} end desc`,
  asc(events.createdAt),
  asc(events.id),
];

const byDay: SQL[] = [asc(events.date), asc(events.time), asc(events.createdAt), asc(events.id)];

export async function listEvents(db: Db, filter: EventFilter): Promise<EventView[]> {
  const conditions: SQL[] = [];
  let order = byDay;
  if ('on' in filter) conditions.push(eq(events.date, filter.on));
  else if ('besides' in filter) {
    conditions.push(ne(events.date, filter.besides));
    if (filter.title) conditions.push(sql`${events.title} ilike ${likeLiteral(filter.title)}`);
    order = aroundDay(filter.besides);
  } else if (filter.ownerId) conditions.push(eq(events.ownerId, filter.ownerId));

  return db
    .select(view)
    .from(events)
    .innerJoin(users, eq(users.id, events.ownerId))
    .where(and(...conditions))
    .orderBy(...order);
}

/** One event with its host's name and avatar, or undefined: a single statement. */
export async function findEventView(db: Db, eventId: string): Promise<EventView | undefined> {
  const [found] = await db.select(view).from(events).innerJoin(users, eq(users.id, events.ownerId)).where(eq(events.id, eventId)).limit(1);
  return found;
}

/** An event as the calendar feed writes it. */
export type FeedEvent = Pick<EventRow, 'id' | 'title' | 'description' | 'date' | 'time' | 'venue' | 'revision' | 'updatedAt'>;

/** Every event on `since` (`YYYY-MM-DD`) or later, by day and time: one statement on the date index. */
export async function eventsSince(db: Db, since: string): Promise<FeedEvent[]> {
  return db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      date: events.date,
      time: events.time,
      venue: events.venue,
      revision: events.revision,
      updatedAt: events.updatedAt,
    })
    .from(events)
    .where(gte(events.date, since))
    .orderBy(...byDay);
}
