import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionEndCode } from '@campus/contract';
import { sessionEndings, sessions, users, type UserRow } from '../../db/schema';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { announce, topic, type Bus } from '../realtime/bus';
import { FreshCache } from '../cache/fresh-cache';
import { overHttps } from '../http/proxy';

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

/** Where a session came from: a campus sign-in provider, and its own session id (OIDC `sid`) when it gave one. */
export interface SessionOrigin {
  provider: string;
  providerSid: string | null;
}

/**
 * Creates a session row and returns the raw token (only its hash is stored). `origin`: the campus
 * sign-in it came from, which a back-channel logout from that provider ends.
 */
export async function createSession(db: Db, userId: string, policy: SessionPolicy, origin?: SessionOrigin, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + policy.maxMs);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt, ...origin });
  return { token, expiresAt };
}

/**
 * Ends the sessions `which` selects, keeping why (`reason`) under each one's token hash until it
 * would have expired anyway, so its next request's 401 says so (decision 0034). One statement, in
 * the caller's transaction: a session never ends without its reason, nor a reason stays for a
 * session that was not ended. Records past their expiry go at the same time. The caller tells the
 * instances (`accountChanged`, or the deactivation's own announcement).
 */
export async function endSessions(db: Db, which: SQL, reason: SessionEndCode, now = new Date()): Promise<string[]> {
  await db.delete(sessionEndings).where(sql`${sessionEndings.expiresAt} <= ${now}`);
  const result = await db.execute<{ user_id: string }>(sql`
    with gone as (delete from ${sessions} where ${which} returning token_hash, user_id, expires_at),
    kept as (
      insert into ${sessionEndings} (token_hash, reason, expires_at) select token_hash, ${reason}, expires_at from gone
      on conflict (token_hash) do update set reason = excluded.reason, expires_at = excluded.expires_at
    )
    select distinct user_id from gone`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { user_id: string }[] }).rows) as { user_id: string }[];
  return rows.map((r) => r.user_id);
}

/** Why the session of this token ended, while that is kept (endSessions); null when it left no trace. */
export async function whySessionEnded(db: Db, tokenHash: string, now = new Date()): Promise<SessionEndCode | null> {
  const [row] = await db
    .select({ reason: sessionEndings.reason })
    .from(sessionEndings)
    .where(and(eq(sessionEndings.tokenHash, tokenHash), gt(sessionEndings.expiresAt, now)))
    .limit(1);
  return (row?.reason as SessionEndCode | undefined) ?? null;
}

/**
 * A user's sessions or account changed (logout, password change, profile edit): whatever holds
 * something of theirs (a cached session, an open stream, a page with their name) looks again.
 */
export const userChanged = topic('session', z.object({ user: z.string() }));

/** A session as the guard needs it: its user, and the times its expiry is decided by. */
interface CachedSession {
  user: UserRow;
  /** The campus sign-in provider it came from; null for a password login. */
  provider: string | null;
  lastSeenAt: number;
  expiresAt: number;
}

/** How long this instance trusts its copy of a session (see FreshCache). */
const SESSION_CACHE_TTL_MS = 10_000;
const SESSION_CACHE_MAX = 20_000;

export interface ResolvedSession {
  user: UserRow;
  tokenHash: string;
  provider: string | null;
}

/**
 * Sessions as the guard resolves them on every authenticated request: from this instance's
 * cache when it holds a copy, else with one prepared query; and their revocation, which takes
 * effect here at once and on every other instance as soon as the bus tells it.
 */
export class SessionResolver {
  private readonly cache = new FreshCache<CachedSession>(SESSION_CACHE_TTL_MS, SESSION_CACHE_MAX);
  private readonly lookup;
  private readonly touch;

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
    bus: Bus,
  ) {
    this.lookup = db
      .select({ user: users, provider: sessions.provider, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('session_by_token');
    this.touch = db
      .update(sessions)
      .set({ lastSeenAt: sql`${sql.placeholder('now')}::timestamptz` })
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare('session_touch');
    bus.on(userChanged, ({ user }) => this.cache.forgetWhere((s) => s.user.id === user));
    // Messages may have been missed while the bus was down: trust no copy.
    bus.onResume(() => this.cache.clear());
  }

  /**
   * The user of a session token, or null when the token is unknown, idle too long or past its
   * absolute expiry (an expired row is deleted on sight).
   */
  async resolve(token: string, now = new Date()): Promise<ResolvedSession | null> {
    const tokenHash = hashToken(token);
    const at = now.getTime();
    let session = this.cache.get(tokenHash, at);
    // A copy that looks expired is checked against the database: another instance may have
    // seen the session more recently than this copy says.
    if (!session || this.expired(session, at)) session = await this.read(tokenHash, at);
    if (!session) return null;
    // A copy read before the account was switched off (its bus message still on its way) must
    // not serve it: deactivation deletes the rows, and this closes the gap until the cache forgets.
    if (!session.user.active) return null;
    if (this.expired(session, at)) {
      this.cache.forget(tokenHash);
      await endSessions(this.db, eq(sessions.tokenHash, tokenHash), 'session_expired', now);
      await announce(this.db, userChanged, { user: session.user.id });
      return null;
    }
    if (at - session.lastSeenAt > TOUCH_INTERVAL_MS) {
      await this.touch.execute({ tokenHash, now: now.toISOString() });
      session.lastSeenAt = at;
    }
    return { user: session.user, tokenHash, provider: session.provider };
  }

  /**
   * Why this token's session is gone (the guard's 401 says it): ended by someone else or expired,
   * or null when nothing is kept (no such session ever, or a logout, whose browser holds no cookie).
   */
  async whyEnded(token: string, now = new Date()): Promise<SessionEndCode | null> {
    return whySessionEnded(this.db, hashToken(token), now);
  }

  /** Revokes a session (logout); its open event streams, on any instance, close at once. */
  async revoke(tokenHash: string): Promise<void> {
    this.cache.forget(tokenHash);
    const [gone] = await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ userId: sessions.userId });
    if (gone) await announce(this.db, userChanged, { user: gone.userId });
  }

  /** Revokes every session of a user except the one given (after a password change). */
  async revokeOthers(userId: string, keepTokenHash: string): Promise<void> {
    await endSessions(this.db, and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))!, 'session_ended');
    await this.accountChanged(userId);
  }

  /**
   * Ends the sessions a campus provider's back-channel logout names: the user's that came from
   * that provider (only the one of the provider's session `providerSid` when it names one), or,
   * with no user, the sessions of that provider's session. Each user's copies end everywhere.
   */
  async revokeFromProvider(provider: string, userId: string | null, providerSid: string | null): Promise<void> {
    if (userId === null && providerSid === null) return;
    const which = and(eq(sessions.provider, provider), userId === null ? undefined : eq(sessions.userId, userId), providerSid === null ? undefined : eq(sessions.providerSid, providerSid))!;
    for (const user of await endSessions(this.db, which, 'session_ended')) await this.accountChanged(user);
  }

  /** The user's row changed (profile, avatar, password): no instance may keep serving the old one. */
  async accountChanged(userId: string): Promise<void> {
    this.cache.forgetWhere((s) => s.user.id === userId);
    await announce(this.db, userChanged, { user: userId });
  }

  private expired(session: CachedSession, at: number): boolean {
    return at - session.lastSeenAt > this.policy.idleMs || session.expiresAt <= at;
  }

  private async read(tokenHash: string, at: number): Promise<CachedSession | undefined> {
    const generation = this.cache.generation;
    const [row] = await this.lookup.execute({ tokenHash });
    if (!row) return undefined;
    const session: CachedSession = { user: row.user, provider: row.provider, lastSeenAt: row.lastSeenAt.getTime(), expiresAt: row.expiresAt.getTime() };
    this.cache.put(tokenHash, session, generation, at);
    return session;
  }
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
 * out; Secure whenever the browser came over HTTPS (overHttps: TRUST_PROXY, PUBLIC_ORIGIN).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: overHttps(request),
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: overHttps(request) });
}
