import { DEFAULT_PREFERENCES, NOTIFICATION_KINDS, type NotificationPreferences, type UnsubscribeScope, type UnsubscribeStatus, type UpdatePreferencesBody } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import { notificationPreferences } from '../../db/schema';
import type { Db } from '../../platform/db/database';

const columns = { courses: notificationPreferences.courses, notes: notificationPreferences.notes, marksheets: notificationPreferences.marksheets };

/** The database's check constraints hold the values to the contract's. */
const asPreferences = (row: { courses: string; notes: string; marksheets: string }) => row as NotificationPreferences;

/** A user's choices; all `inapp` for someone who never saved any (no row). */
export async function preferencesOf(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select(columns).from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  return row ? asPreferences(row) : DEFAULT_PREFERENCES;
}

/** Saves the kinds given, keeping the others, in one upsert; answers all of them. */
export async function updatePreferences(db: Db, userId: string, changes: UpdatePreferencesBody): Promise<NotificationPreferences> {
  const given = Object.fromEntries(NOTIFICATION_KINDS.filter((k) => changes[k] !== undefined).map((k) => [k, changes[k]]));
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...given, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...given, updatedAt: sql`now()` } })
    .returning(columns);
  if (!row) throw new Error('preferences not saved');
  return asPreferences(row);
}

/**
 * An unsubscribe link's effect: its kind back to `inapp`, or for the digest's link every kind
 * that was `daily`. An update only: a user without a row gets no email to leave, and a deleted
 * user's link changes nothing.
 */
export async function unsubscribe(db: Db, userId: string, scope: UnsubscribeScope): Promise<void> {
  const set =
    scope === 'digest'
      ? Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, sql`case when ${columns[k]} = 'daily' then 'inapp' else ${columns[k]} end`]))
      : { [scope]: 'inapp' };
  await db
    .update(notificationPreferences)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(notificationPreferences.userId, userId));
}

/**
 * Whether an unsubscribe link's emails are off already: its kind is `inapp`, or for the
 * digest's link no kind is `daily` (a user without a row, or deleted, gets none). Reads only.
 */
export async function unsubscribeStatus(db: Db, userId: string, scope: UnsubscribeScope): Promise<UnsubscribeStatus> {
  const preferences = await preferencesOf(db, userId);
  const alreadyOff = scope === 'digest' ? NOTIFICATION_KINDS.every((k) => preferences[k] !== 'daily') : preferences[scope] === 'inapp';
  return { scope, alreadyOff };
}
