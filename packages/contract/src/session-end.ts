import type { RefusalCode } from './refusals';

/**
 * Why a request's session is gone, as the `code` its 401 carries (decision 0034), so the login page
 * can say so: an administrator switched the account off, someone ended the session (a password
 * change or reset, a sign-out through the campus provider), or it ran out (idle, or its absolute
 * expiry). A 401 of `login_required`: nobody was logged in, or the session left no trace.
 */
export const SESSION_END_CODES = ['account_deactivated', 'session_ended', 'session_expired'] as const satisfies readonly RefusalCode[];

export type SessionEndCode = (typeof SESSION_END_CODES)[number];

export const isSessionEndCode = (value: unknown): value is SessionEndCode => typeof value === 'string' && (SESSION_END_CODES as readonly string[]).includes(value);
