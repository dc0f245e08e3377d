import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, notInArray } from 'drizzle-orm';
import { API_PREFIX } from '@campus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { knownDevices, users } from '../../db/schema';
import type { Db } from '../db/database';
import { hashToken } from './sessions';
import { overHttps } from '../http/proxy';

/**
 * The "device cookie" of OWASP's guidance on slowing online guessing: a browser that logged into
 * an account once carries a random token for it, and may keep trying while that account is shut
 * to everyone else. It grants nothing by itself; only its hash is stored.
 */
const DEVICE_COOKIE = 'campus_device';
/** A browser unused for this long is a stranger again. */
const DEVICE_TTL_MS = 180 * 24 * 3_600_000;
/** Each account remembers at most this many browsers (the most recently used). */
const DEVICES_PER_USER = 10;
/** Sent only to the users routes: where a password is checked (login, change-password) and a reset link asked for. */
const COOKIE_PATH = `${API_PREFIX}/users`;

const fresh = () => gt(knownDevices.lastUsedAt, new Date(Date.now() - DEVICE_TTL_MS));

/** The SHA-256 of the device cookie the request carries (known or not), to count its attempts under. */
export function deviceCookieHash(request: FastifyRequest): string | undefined {
  const token = request.cookies[DEVICE_COOKIE];
  return token ? hashToken(token) : undefined;
}

/** Whether this browser logged into the account with this registration id before. */
export async function isKnownDevice(db: Db, request: FastifyRequest, registrationId: number): Promise<boolean> {
  const token = request.cookies[DEVICE_COOKIE];
  if (!token) return false;
  const [row] = await db
    .select({ registrationId: users.registrationId })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(knownDevices.tokenHash, hashToken(token)), fresh()))
    .limit(1);
  return row?.registrationId === registrationId;
}

/**
 * After a successful login: this browser is known to the account from now on. True when it was
 * not known before (a sign-in from a new device, which the account's audit trail records).
 */
export async function rememberDevice(db: Db, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<boolean> {
  const given = request.cookies[DEVICE_COOKIE];
  if (given) {
    const touched = await db
      .update(knownDevices)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(knownDevices.tokenHash, hashToken(given)), eq(knownDevices.userId, userId)))
      .returning({ tokenHash: knownDevices.tokenHash });
    if (touched.length > 0) return false;
  }
  // A browser shared by several people gets one cookie per account it logs into last; the
  // earlier account simply no longer knows it.
  const token = randomBytes(32).toString('base64url');
  await db.insert(knownDevices).values({ tokenHash: hashToken(token), userId });
  const keep = db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastUsedAt))
    .limit(DEVICES_PER_USER);
  await db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.tokenHash, keep)));
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: COOKIE_PATH,
    secure: overHttps(request),
    maxAge: Math.floor(DEVICE_TTL_MS / 1000),
  });
  return true;
}
