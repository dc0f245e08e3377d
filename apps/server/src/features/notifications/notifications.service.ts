import { READ_CAP, UNREAD_CAP, type NotificationItem, type NotificationKind } from '@campus/contract';
import { and, between, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { notifications, users } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { isoText } from '../../platform/db/iso-text';
import { prepared } from '../../platform/db/prepared';
import { wakeMailWorkers } from '../../platform/mail/mail-queue';
import { announce } from '../../platform/realtime/bus';
import { immediateEmails } from './notification-emails';
import { notificationsAdded, unreadChanged } from './notifications.topics';
import type { Notices, Recipients } from './recipients';

/**
 * What a notification says, where clicking it leads (a client route), if anywhere, and what it
 * is about: the kind whose delivery each user chooses (in the portal, an email at once, the
 * daily digest), or null for what stays in the portal only.
 */
export interface Notice {
  content: string;
  link: string | null;
  kind: NotificationKind | null;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** How many a fan-out told, and how many of them it queued an email for. */
export interface Told {
  told: number;
  emailed: number;
}

/**
 * Tells `to` of `notice` inside the caller's transaction (see `notifier`); `each` tells each
 * person of a bulk change their own words (the roster: "… enrolled you in …").
 */
export interface Notify {
  (tx: Db, to: Recipients, notice: Notice): Promise<Told>;
  each(tx: Db, notices: Notices, kind: NotificationKind): Promise<Told>;
}

/**
 * What a service that tells people needs, bound once when its feature registers: the database
 * and `app.notify`. A feature that needs more (a clock, say) extends it.
 */
export interface NotifyingDeps {
  db: Db;
  notify: Notify;
}

/**
 * The portal's `notify`, bound once at start-up to whether notification emails are on (mail
 * configured with its signing secret), so no feature needs the configuration to tell someone.
 *
 * It tells everyone `to` selects in one INSERT … SELECT — never a loop — inside the caller's
 * transaction, so the notifications exist exactly when the change they describe does. With
 * emails on, the same statement queues an email for each of them whose choice for the notice's
 * kind is `immediate` (a CTE joining the new rows with the preferences and users): a
 * 10,000-student fan-out stays one statement, and the emails exist exactly when the
 * notifications do. The other instances hear of it at commit (`notificationsAdded`, with the
 * fan-out's seq range).
 */
export function notifier(emailsOn: boolean): Notify {
  /** `rows` selects (recipient id, content, link): one notification each, in one statement. */
  const fanOut = async (tx: Db, rows: SQL, kind: NotificationKind | null): Promise<Told> => {
    const emails = kind && emailsOn ? immediateEmails(kind, sql`inserted`) : undefined;
    const result = await tx.execute(sql`
      with inserted as (
        insert into ${notifications} (recipient_id, content, link, kind, created_at)
        select r.id, r.content, r.link, ${kind}, now()
        from (${rows}) as r(id, content, link)
        returning seq, recipient_id, content, link
      )${emails ? sql`, emailed as (${emails})` : sql``}
      select min(seq)::text as first, max(seq)::text as last, count(*)::int as told,
        ${emails ? sql`(select count(*) from emailed)::int` : sql`0`} as emailed
      from inserted`);
    const [range] = rowsOf<{ first: string | null; last: string | null; told: number; emailed: number }>(result);
    if (!range?.told) return { told: 0, emailed: 0 };
    await announce(tx, notificationsAdded, { from: Number(range.first), to: Number(range.last) });
    if (range.emailed > 0) await wakeMailWorkers(tx);
    return { told: range.told, emailed: range.emailed };
  };
  const notify = (tx: Db, to: Recipients, notice: Notice) =>
    fanOut(tx, sql`select t.id, ${notice.content}::text, ${notice.link}::text from (${to}) as t(id)`, notice.kind);
  return Object.assign(notify, { each: (tx: Db, notices: Notices, kind: NotificationKind) => fanOut(tx, notices, kind) });
}

export interface StoredNotification {
  seq: number;
  recipientId: string;
  content: string;
  link: string | null;
  createdAt: Date;
}

/** A notification's id, and a stream's event id, is its seq as text; anything else names none. */
const SEQ_TEXT = /^[1-9]\d{0,14}$/;
export const seqOf = (text: string): number | undefined => (SEQ_TEXT.test(text) ? Number(text) : undefined);

export function presentNotification(n: Pick<StoredNotification, 'seq' | 'content' | 'link' | 'createdAt'>): NotificationItem {
  return { notificationid: String(n.seq), content: n.content, date: n.createdAt.toISOString(), ...(n.link ? { link: n.link } : {}) };
}

const columns = {
  seq: notifications.seq,
  recipientId: notifications.recipientId,
  content: notifications.content,
  link: notifications.link,
  createdAt: notifications.createdAt,
};

/**
 * Notifications of these users matching `where`, read or not, oldest first, at most `limit`:
 * one branch per state, so each walks its own partial index (there is none over both).
 */
function eitherState(db: Db, userIds: string[], where: SQL, limit: number): Promise<StoredNotification[]> {
  const branch = (state: SQL) =>
    db.select(columns).from(notifications).where(and(inArray(notifications.recipientId, userIds), where, state)).orderBy(notifications.seq).limit(limit);
  return unionAll(branch(isNull(notifications.readAt)), branch(isNotNull(notifications.readAt))).orderBy(notifications.seq).limit(limit);
}

/** A notification of the list, its fields already the text its JSON holds. */
interface ListedNotification {
  notificationid: string;
  content: string;
  link: string | null;
  date: string;
  read: boolean;
}

/**
 * A user's notifications, newest first, as the JSON of NotificationsData: every unread one (the
 * newest UNREAD_CAP) and the newest READ_CAP read ones, each branch over its own partial
 * (recipient, seq) index. Each item is written once and put in two arrays (its state's and the
 * whole list): a serializer would build and check each twice. The rows come as the driver gives
 * them (no mapping per field); content and a link are the only free text. A test holds the
 * writing byte for byte to what the contract's serializer writes.
 */
export async function notificationsJsonOf(db: Db, userId: string): Promise<string> {
  const shape = sql`seq::text as notificationid, content, link, ${isoText(notifications.createdAt)} as date`;
  const result = await db.execute(sql`
    (select ${shape}, seq, false as read from ${notifications}
       where recipient_id = ${userId} and read_at is null order by seq desc limit ${UNREAD_CAP})
    union all
    (select ${shape}, seq, true as read from ${notifications}
       where recipient_id = ${userId} and read_at is not null order by seq desc limit ${READ_CAP})
    order by seq desc`);
  const unread: string[] = [];
  const read: string[] = [];
  const all: string[] = [];
  for (const n of rowsOf<ListedNotification>(result)) {
    const item = `{"notificationid":"${n.notificationid}","content":${JSON.stringify(n.content)},"date":"${n.date}"${n.link ? `,"link":${JSON.stringify(n.link)}` : ''}}`;
    (n.read ? read : unread).push(item);
    all.push(item);
  }
  return `{"unreadnotifications":[${unread.join(',')}],"readnotifications":[${read.join(',')}],"notifications":[${all.join(',')}]}`;
}

const listVersionQuery = prepared((db) => {
  const state = (read: SQL) =>
    sql`(select coalesce(max(seq), 0) || ':' || count(*) from ${notifications} where recipient_id = ${users.id} and ${read})`;
  // From the user's row (by its key) so that the statement takes its one value as a placeholder.
  return db
    .select({ version: sql<string>`${state(sql`read_at is null`)} || '/' || ${state(sql`read_at is not null`)}` })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('notification_list_version');
});

/**
 * What a user's list depends on, in one short read of the two indexes: the newest seq and the
 * number of rows in each state. Notifications never change but to become read, and seqs only
 * grow: a new one raises the unread newest, a read one moves a row from one count to the other,
 * a deleted one lowers a count. So an equal version is an equal list.
 */
export async function listVersionOf(db: Db, userId: string): Promise<string> {
  const [row] = await listVersionQuery(db).execute({ userId });
  // A user deleted meanwhile has no list: a version no list was kept under.
  return row?.version ?? 'none';
}

/** The user's newest `limit` unread notifications, newest first (the unread partial index). */
export async function recentUnread(db: Db, userId: string, limit: number): Promise<NotificationItem[]> {
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.seq))
    .limit(limit);
  return rows.map(presentNotification);
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: Db, userId: string, seq: number): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.seq, seq), eq(notifications.recipientId, userId)))
    .returning({ seq: notifications.seq });
  if (updated.length === 0) return false;
  await announce(db, unreadChanged, { user: userId });
  return true;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db.update(notifications).set({ readAt: sql`now()` }).where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
  await announce(db, unreadChanged, { user: userId });
}

/** Unread counts of these users (users with none are absent). */
export async function unreadCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: notifications.recipientId, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.recipientId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.recipientId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The notifications of a fan-out (seq range) for the users connected here, oldest first. */
export function fanOutFor(db: Db, userIds: string[], from: number, to: number): Promise<StoredNotification[]> {
  return eitherState(db, userIds, between(notifications.seq, from, to), to - from + 1);
}

/** What a user missed after an event id (a reconnect's Last-Event-ID), oldest first, capped. */
export function missedSince(db: Db, userIds: string[], afterSeq: number, limit = UNREAD_CAP): Promise<StoredNotification[]> {
  return eitherState(db, userIds, gt(notifications.seq, afterSeq), limit);
}

/** The newest event id a user has (0 when none): where a fresh stream starts. */
export async function latestSeq(db: Db, userId: string): Promise<number> {
  const newest = (state: SQL) => sql`(select max(seq) from ${notifications} where recipient_id = ${userId} and ${state})`;
  const result = await db.execute(sql`select coalesce(greatest(${newest(sql`read_at is null`)}, ${newest(sql`read_at is not null`)}), 0)::text as seq`);
  return Number(rowsOf<{ seq: string }>(result)[0]?.seq ?? 0);
}
