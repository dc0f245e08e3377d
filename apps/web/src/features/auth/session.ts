import { isSessionEndCode, type SessionEndCode } from '@campus/contract/session-end';
import type { CurrentUser, User } from '@campus/contract/users';
import type { QueryClient } from '@tanstack/react-query';
import { portalConfigKey } from '../../lib/config/portal-config';
import { browserUserStore, type SecureUserStore, type StoredUser } from '../../lib/secure-store';
import { USER_CACHE } from '../../sw/names';
import { currentUserKey } from './keys';

/** How long the first paint waits for the kept user; a slow IndexedDB must not hold up the page. */
const RESTORE_BUDGET_MS = 400;

/**
 * True from a deliberate logout until someone logs in again. The guard of a protected page then
 * sends to the logged-out login page with no return path, so the next person at a shared
 * computer lands on their own home, not on the previous user's page.
 */
let loggedOutOnPurpose = false;
export const endedByLogout = () => loggedOutOnPurpose;

/**
 * A logout asked for and not answered yet. The server ends the session before it answers, so
 * another request of the page (a list refetched, the event stream) may meet the 401 first and end
 * the session here: that is still the deliberate logout, not a session that ran out.
 */
let logoutPending = false;
export function setLogoutPending(pending: boolean) {
  logoutPending = pending;
}

/**
 * Why the session ended when it was not the person's own logout, from the 401's `code`
 * (deactivated, ended on another device or by a password change, ran out): the login page says
 * it until someone logs in. Kept in memory, never read from the address, so no link can make the
 * login page claim an account was switched off.
 */
let endReason: SessionEndCode | null = null;
export const whySessionEnded = () => endReason;

/** A 401 said why the session is gone (or said nothing: then nothing is claimed). */
export function noteSessionEnd(code: string | undefined) {
  if (!loggedOutOnPurpose && !logoutPending && isSessionEndCode(code)) endReason = code;
}

let store: SecureUserStore | null = typeof window === 'undefined' ? null : browserUserStore();
let kept: StoredUser | null = null;

/** Tests bring their own store (jsdom has no IndexedDB); null keeps nothing. */
export function setUserStore(next: SecureUserStore | null) {
  store = next;
  kept = null;
}

/**
 * Reads the locally kept user once, before the first render, so the header can show who is
 * logged in at once. The server's current-user answer replaces it as soon as it arrives.
 */
export async function restoreKeptUser(): Promise<StoredUser | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), RESTORE_BUDGET_MS));
  kept = await Promise.race([store?.load().catch(() => null) ?? Promise.resolve(null), timeout]);
  return kept;
}

/** The user restored for the first paint, or null. */
export const keptUser = () => kept;

/** Keeps (or, with null, forgets) the minimal copy of the user in encrypted local storage. */
export function rememberUser(user: User | StoredUser | null) {
  kept = user;
  if (user) {
    loggedOutOnPurpose = false;
    endReason = null;
  }
  if (!store) return;
  if (user) void store.save(user).catch(() => store?.clear());
  else store.clear();
}

/**
 * A login, a campus account's link or a change to one's own account answered with the user: it
 * becomes the current user and the kept copy. How the session began stays as it was, unless
 * `signedInWith` says (a login begins a session; a profile change does not change how).
 */
export function setCurrentUser(client: QueryClient, user: User, signedInWith?: CurrentUser['signedInWith']) {
  rememberUser(user);
  client.setQueryData<CurrentUser | null>(currentUserKey, (old) => ({ ...user, signedInWith: signedInWith === undefined ? (old?.signedInWith ?? null) : signedInWith }));
}

/**
 * Deletes the service worker's saved answers of the user (who, courses, exam dates, admit card),
 * so the next person at a shared computer finds none of them, offline included. The worker drops
 * them too when it sees the logout or a 401; this covers a page the worker does not control yet.
 * No CacheStorage (plain HTTP, tests): nothing was saved.
 */
export function forgetSavedAnswers() {
  void window.caches?.delete(USER_CACHE);
}

/**
 * Logged out (by the user, or by a 401 from the server): forget the kept copy, mark the
 * current user as nobody, and drop every cached answer made for that user. The server's
 * configuration is kept: it is the same for everyone. `byLogout` tells a deliberate logout
 * from a session that ended on its own (after which login returns to the page); `code` is the
 * 401's reason, which the login page then says.
 */
export function forgetUser(client: QueryClient, { byLogout = false, code }: { byLogout?: boolean; code?: string } = {}) {
  rememberUser(null);
  forgetSavedAnswers();
  // A 401 that arrives after the deliberate logout (the event stream the server closed, a list
  // refetched while the login page's navigation was still on its way) is part of it: it must not
  // turn the logout into a session that ran out, which would send back to the previous user's page.
  loggedOutOnPurpose = loggedOutOnPurpose || byLogout || logoutPending;
  if (loggedOutOnPurpose) endReason = null;
  else noteSessionEnd(code);
  client.setQueryData(currentUserKey, null);
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserKey[0] && q.queryKey[0] !== portalConfigKey[0] });
}
