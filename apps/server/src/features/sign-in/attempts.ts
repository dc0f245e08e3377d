import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@campus/contract';
import { signInAttempts, type SignInAttemptRow } from '../../db/schema';
import { hashToken } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import { overHttps } from '../../platform/http/proxy';

/**
 * Sign-ins under way, kept in the database so that the instance the browser comes back to need
 * not be the one that sent it away. Each is bound to the browser that started it by the
 * `campus_signin` cookie (only its hash is stored): a provider's answer carried to another
 * browser (a link an attacker got by starting a sign-in of their own, "login CSRF") finds no
 * attempt of that browser's, and is refused.
 */

/** How long a sign-in may take at the provider, and a matched signup account may wait for its password. */
export const ATTEMPT_TTL_MS = 10 * 60_000;
const SIGN_IN_COOKIE = 'campus_signin';
/** The cookie goes only to the sign-in routes. */
const COOKIE_PATH = `${API_PREFIX}/auth`;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type AttemptPurpose = 'signIn' | 'test';
export type AttemptStage = 'started' | 'answered' | 'awaitingPassword';

/** This browser's sign-in cookie, set now when it has none: the hash that binds attempts to it. */
export function browserOf(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[SIGN_IN_COOKIE];
  // Kept when present, so that sign-ins started in two tabs both stay this browser's.
  const token = existing && TOKEN.test(existing) ? existing : randomBytes(32).toString('base64url');
  reply.setCookie(SIGN_IN_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: COOKIE_PATH, secure: overHttps(request), maxAge: ATTEMPT_TTL_MS / 1000 });
  return hashToken(token);
}

/** The hash of the browser's sign-in cookie, or null when it sent none. */
export function browserHashOf(request: FastifyRequest): string | null {
  const token = request.cookies[SIGN_IN_COOKIE];
  return token && TOKEN.test(token) ? hashToken(token) : null;
}

export interface NewAttempt {
  provider: string;
  purpose: AttemptPurpose;
  testerId: string | null;
  browserHash: string;
  next: string;
  nonce?: string;
  codeVerifier?: string;
  samlRequestId?: string;
  stage?: AttemptStage;
  answer?: Record<string, unknown>;
}

/**
 * Records an attempt and returns its state, the random value the provider hands back (OIDC
 * `state`, SAML `RelayState`); only its hash is the key. Attempts past their time are swept here,
 * a range on an index: the table holds ten minutes of sign-ins.
 */
export async function startAttempt(db: Db, attempt: NewAttempt, now: Date): Promise<string> {
  await db.delete(signInAttempts).where(lt(signInAttempts.expiresAt, now));
  const state = randomBytes(32).toString('base64url');
  await db.insert(signInAttempts).values({ id: hashToken(state), ...attempt, createdAt: now, expiresAt: new Date(now.getTime() + ATTEMPT_TTL_MS) });
  return state;
}

/** An attempt of this provider still in time, by its state, unchanged (the SAML answer is checked against it first). */
export async function findAttempt(db: Db, provider: string, state: string, now: Date): Promise<SignInAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(signInAttempts)
    .where(and(eq(signInAttempts.id, hashToken(state)), eq(signInAttempts.provider, provider), gt(signInAttempts.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * Takes the attempt for good (a state is used once, even when what follows fails), and returns
 * it when it is this provider's, in time, at `stage`, and this browser's; otherwise undefined.
 */
export async function takeAttempt(db: Db, provider: string, state: string, browserHash: string | null, stage: AttemptStage, now: Date): Promise<SignInAttemptRow | undefined> {
  const [row] = await db.delete(signInAttempts).where(eq(signInAttempts.id, hashToken(state))).returning();
  if (!row || row.provider !== provider || row.stage !== stage || row.expiresAt <= now || browserHash === null || row.browserHash !== browserHash) return undefined;
  return row;
}

/** Records a SAML answer on its attempt, once: false when the attempt was already answered or is gone. */
export async function answerAttempt(db: Db, attempt: SignInAttemptRow, answer: Record<string, unknown>): Promise<boolean> {
  const updated = await db
    .update(signInAttempts)
    .set({ stage: 'answered', answer })
    .where(and(eq(signInAttempts.id, attempt.id), eq(signInAttempts.stage, 'started')))
    .returning({ id: signInAttempts.id });
  return updated.length === 1;
}

/** This browser's newest sign-in waiting for a signup account's password, if one is still in time. */
export async function awaitingPassword(db: Db, browserHash: string | null, now: Date): Promise<SignInAttemptRow | undefined> {
  if (browserHash === null) return undefined;
  const [row] = await db
    .select()
    .from(signInAttempts)
    .where(and(eq(signInAttempts.browserHash, browserHash), eq(signInAttempts.stage, 'awaitingPassword'), gt(signInAttempts.expiresAt, now)))
    .orderBy(desc(signInAttempts.createdAt))
    .limit(1);
  return row;
}

/** Ends an attempt (a link made). */
export async function endAttempt(db: Db, attempt: SignInAttemptRow): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.id, attempt.id));
}
