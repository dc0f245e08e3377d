import { NOTIFICATION_KINDS, defaultPreferences, type Delivery, type NotificationPreferences, type UnsubscribeScope, type UnsubscribeStatus, type UpdatePreferencesBody } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import { notificationPreferences, users } from '../../db/schema';
import type { Db } from '../../platform/db/database';

const columns = {
  courses: notificationPreferences.courses,
  notes: notificationPreferences.notes,
  marksheets: notificationPreferences.marksheets,
  exams: notificationPreferences.exams,
  coursework: notificationPreferences.coursework,
};

type StoredPreferences = { [K in keyof typeof columns]: string | null };

/**
 * What applies: each kind as saved, and where nothing is saved (no row, or a kind left null) the
 * server's default. With mail off that is the portal for every kind, since no email could go: a
 * user who never chose exams sees `inapp` until mail is turned on, then `immediate`, which is what
 * the fan-out does (notification-emails.ts). A choice once saved is answered as saved, mail or not.
 * The database's check constraints hold saved values to the contract's.
 */
function applying(row: StoredPreferences | undefined, mailOn: boolean): NotificationPreferences {
  const defaults = defaultPreferences(mailOn);
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, (row?.[k] as Delivery | null | undefined) ?? defaults[k]])) as NotificationPreferences;
}

/** A user's choices, with the defaults for what they never chose. */
export async function preferencesOf(db: Db, userId: string, mailOn: boolean): Promise<NotificationPreferences> {
  const [row] = await db.select(columns).from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  return applying(row, mailOn);
}

/** Saves the kinds given, keeping the others, in one upsert; answers all of them. */
export async function updatePreferences(db: Db, userId: string, changes: UpdatePreferencesBody, mailOn: boolean): Promise<NotificationPreferences> {
  const given = Object.fromEntries(NOTIFICATION_KINDS.filter((k) => changes[k] !== undefined).map((k) => [k, changes[k]]));
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...given, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...given, updatedAt: sql`now()` } })
    .returning(columns);
  if (!row) throw new Error('preferences not saved');
  return applying(row, mailOn);
}

/**
 * An unsubscribe link's effect: its kind back to `inapp`, or for the digest's link every kind
 * that was `daily`. A kind's link saves `inapp` even for a user with no row: exam emails reach
 * users who never chose them, and their link must stop them. The row is made from the users
 * table, so a deleted user's link changes nothing. The digest's link reaches only users who
 * chose `daily`, who have a row: an update.
 */
export async function unsubscribe(db: Db, userId: string, scope: UnsubscribeScope): Promise<void> {
  if (scope === 'digest') {
    const set = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, sql`case when ${columns[k]} = 'daily' then 'inapp' else ${columns[k]} end`]));
    await db
      .update(notificationPreferences)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(notificationPreferences.userId, userId));
    return;
  }
  const column = sql.identifier(columns[scope].name);
  await db.execute(sql`
    insert into ${notificationPreferences} (user_id, ${column}, updated_at)
    select ${users.id}, 'inapp', now() from ${users} where ${users.id} = ${userId}
    on conflict (user_id) do update set ${column} = 'inapp', updated_at = now()`);
}

/**
 * Whether an unsubscribe link's emails are off already: its kind is `inapp`, or for the
 * digest's link no kind is `daily` (a user without a row, or deleted, gets none); a kind nobody
 * chose is what applies on this server (exams: an email, with mail on). Reads only.
 */
export async function unsubscribeStatus(db: Db, userId: string, scope: UnsubscribeScope, mailOn: boolean): Promise<UnsubscribeStatus> {
  const preferences = await preferencesOf(db, userId, mailOn);
  const alreadyOff = scope === 'digest' ? NOTIFICATION_KINDS.every((k) => preferences[k] !== 'daily') : preferences[scope] === 'inapp';
  return { scope, alreadyOff };
}
