import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { calendarFeeds, users, type UserRow } from '../../db/schema';
import { hashToken } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import type { AppSecret } from '../../platform/secrets/app-secret';
import { dueTimesOf } from '../coursework';
import { examDaysOf } from '../courses';
import { eventsSince } from '../events';
import { feedText } from './calendar-feed';
import { addDays } from './ics-text';

/**
 * Feed addresses. A feed's token is derived from a random seed under the app secret, so the
 * owner can be shown their address whenever they ask; only the token's SHA-256 is stored, and a
 * fetch is looked up by it, so a copy of the table alone opens no feed (platform/secrets).
 */

const PURPOSE = 'calendar-feed';

/** 32 bytes as base64url: what a token looks like, checked before any lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const newSeed = () => randomBytes(32).toString('base64url');
const tokenOf = (secret: AppSecret, seed: string) => secret.derive(PURPOSE, seed).toString('base64url');

/**
 * The user's feed token, the feed created on the first call. Two first calls at once insert one
 * row between them (the user id is the key) and both answer its token.
 */
export async function feedToken(db: Db, secret: AppSecret, userId: string): Promise<string> {
  let [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (!feed) {
    const seed = newSeed();
    await db.insert(calendarFeeds).values({ userId, seed, tokenHash: hashToken(tokenOf(secret, seed)) }).onConflictDoNothing({ target: calendarFeeds.userId });
    [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    if (!feed) throw new Error('calendar feed not stored');
  }
  const token = tokenOf(secret, feed.seed);
  // APP_SECRET changed since the feed was made: the address derived now is the one shown, so it
  // is the one that must work (a new secret gives every feed a new address, as documented).
  if (feed.tokenHash !== hashToken(token)) {
    await db.update(calendarFeeds).set({ tokenHash: hashToken(token) }).where(and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.seed, feed.seed)));
  }
  return token;
}

/** A new token for the user's feed; the old one finds nothing from now on. */
export async function resetFeed(db: Db, secret: AppSecret, userId: string): Promise<string> {
  const seed = newSeed();
  const token = tokenOf(secret, seed);
  const tokenHash = hashToken(token);
  await db
    .insert(calendarFeeds)
    .values({ userId, seed, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { seed, tokenHash, createdAt: new Date() } });
  return token;
}

/**
 * The owner of the feed a token opens, or undefined (unknown, revoked or malformed alike). A
 * deactivated account's feed opens nothing while it stays deactivated: the account's sessions
 * ended, and so does what its address gives away.
 */
export async function feedOwner(db: Db, token: string): Promise<UserRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(users.active, true)))
    .limit(1);
  return row?.user;
}

/**
 * Ends the user's feed for good, in the caller's transaction: its address answers 404 from now
 * on, and the next GET /calendar/feed makes a new one. A password reset calls it: whoever took
 * the account over may have copied the address, which works without a session.
 */
export async function endFeed(tx: Db, userId: string): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * Past events stay in the feed for 90 days, then leave it: a calendar app keeps showing what it
 * once fetched only as long as the feed holds it, so the last term's events stay in view, while
 * the feed (fetched every hour by every subscriber) does not grow with every event ever held.
 * Future events are all there, however far ahead.
 */
const PAST_DAYS = 90;

/**
 * The calendar of a feed's owner, as the ICS text the feed serves: campus events from PAST_DAYS
 * ago on, the exam days of their courses, and the due times of their courses' published work
 * from PAST_DAYS ago on, in three statements whatever their number.
 */
export async function calendarOf(db: Db, owner: UserRow, at: { zone: string; today: string; origin: string }): Promise<string> {
  const since = addDays(at.today, -PAST_DAYS);
  const [events, exams, dues] = await Promise.all([eventsSince(db, since), examDaysOf(db, owner), dueTimesOf(db, owner, new Date(`${since}T00:00:00Z`))]);
  return feedText({ ownerName: owner.fullname, zone: at.zone, origin: at.origin, today: at.today, events, exams, dues });
}
