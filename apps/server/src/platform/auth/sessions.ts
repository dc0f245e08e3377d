import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessions, users, type UserRow } from '../../db/schema';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { announce } from '../realtime/bus';

export const SESSION_COOKIE = 'campus_session';
/** last_seen_at is written at most this often, so a busy session costs no write per request. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export const sessionPolicy = (config: Config): SessionPolicy => ({
  idleMs: config.session.idleMinutes * 60_000,
  maxMs: config.session.maxHours * 3_600_000,
});

/** Creates a session row and returns the raw token (only its hash is stored). */
export async function createSession(db: Db, userId: string, policy: SessionPolicy, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + policy.maxMs);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * The user of a session token, or null when the token is unknown, idle too long or past its
 * absolute expiry (an expired row is deleted on sight).
 */
export async function resolveSession(db: Db, token: string, policy: SessionPolicy, now = new Date()): Promise<{ user: UserRow; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  const idleExpired = now.getTime() - session.lastSeenAt.getTime() > policy.idleMs;
  if (idleExpired || session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { user, tokenHash };
}

/** Revokes a session (logout); its open event streams, on any instance, close at once. */
export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  const [gone] = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ userId: sessions.userId });
  if (gone) await announce(db, { t: 'session', user: gone.userId });
}

/** Revokes every session of a user except the one given (after a password change). */
export async function revokeOtherSessions(db: Db, userId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
  await announce(db, { t: 'session', user: userId });
}

/**
 * Which of these sessions are still valid (present, not idle too long, not past expiry),
 * without extending any: an open event stream must not keep its session alive.
 */
export async function liveSessions(db: Db, tokenHashes: string[], policy: SessionPolicy, now = new Date()): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, tokenHashes), gt(sessions.expiresAt, now)));
  return new Set(rows.filter((r) => now.getTime() - r.lastSeenAt.getTime() <= policy.idleMs).map((r) => r.tokenHash));
}

/**
 * The cookie lives as long as the session's absolute expiry, so closing the browser does not log
 * out; Secure whenever the request came over HTTPS (request.protocol honours TRUST_PROXY).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' });
}
