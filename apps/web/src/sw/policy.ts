import { api } from '@campus/contract/api';
import { ROLES } from '@campus/contract/constants';
import { PUBLIC_CACHE, SAVED_AT, SHELL_PREFIX, USER_CACHE } from './names';

/**
 * The service worker's decisions as plain functions (worker.ts only wires them to events), so
 * tests can check them without a browser. docs/decisions/0025-offline-service-worker.md says why
 * each rule is what it is.
 */

/**
 * The only API answers kept, all GETs: what the admit card needs to open with no network. Nothing
 * else of the user (notes, files, marksheets, notifications) is ever written to a cache.
 */
const USER_GETS: ReadonlySet<string> = new Set([api.users.currentUser.path, api.courses.byStudent.path, api.courses.examDates.path, api.documents.admitCard.path]);
/** The same for everyone: kept across logout, so /verify still checks tokens offline. */
const PUBLIC_GETS: ReadonlySet<string> = new Set([api.system.config.path, api.documents.keys.path]);
/**
 * What the admit card needs, in the user's cache, fetched by the worker itself when it takes over
 * pages of a signed-in student (their first visit was not yet its own: decision 0032); the page
 * says "Saved on this device" once all of them are. Current-user first: it says whether to go on.
 */
export const CARD_ANSWERS: readonly string[] = [api.users.currentUser.path, api.courses.byStudent.path, api.courses.examDates.path, api.documents.admitCard.path];
/** …and the answers of everyone's the card's page reads (the set-up) or /verify needs (the keys). */
export const CARD_PUBLIC_ANSWERS: readonly string[] = [api.system.config.path, api.documents.keys.path];

/** Whether a current-user answer (the envelope) names a student: only a student has a card to keep. */
export function isStudentAnswer(body: unknown): boolean {
  const data = (body as { data?: { userrole?: unknown } } | null)?.data;
  return data?.userrole === ROLES.STUDENT;
}

/** A session begins or ends (a signup does not log in): whatever was kept of the previous user goes first. */
const SESSION_CHANGES: ReadonlySet<string> = new Set([api.users.login.path, api.users.logout.path]);
/** Navigations the web app does not own: downloads, the API's own pages, sign-in hops, feeds. */
const NOT_PAGES = ['/api/', '/files/', '/calendar/'];

export type Route =
  /** A page: network first, the shell's index.html when offline. */
  | { kind: 'page' }
  /** A hashed build file: cache first (its name changes when its bytes do). */
  | { kind: 'asset' }
  /** A file of the shell outside /assets (the header's logo, the manifest): network first, the saved copy offline. */
  | { kind: 'shell' }
  /** A kept GET: network first, the saved copy when the network fails. */
  | { kind: 'api'; cache: typeof USER_CACHE | typeof PUBLIC_CACHE };

export interface RequestLike {
  method: string;
  url: string;
  mode: string;
}

/**
 * What the worker does with a request; null: nothing, the browser fetches it as if there were no
 * worker. `shellFiles`: the paths the worker saved at install.
 */
export function routeOf(request: RequestLike, origin: string, shellFiles: ReadonlySet<string> = new Set()): Route | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (request.mode === 'navigate') return NOT_PAGES.some((prefix) => path.startsWith(prefix)) ? null : { kind: 'page' };
  if (path.startsWith('/assets/')) return { kind: 'asset' };
  if (shellFiles.has(path)) return { kind: 'shell' };
  if (USER_GETS.has(path)) return { kind: 'api', cache: USER_CACHE };
  if (PUBLIC_GETS.has(path)) return { kind: 'api', cache: PUBLIC_CACHE };
  return null;
}

/** A login or a logout passing through: the kept answers of whoever was signed in are dropped. */
export function changesSession(request: Pick<RequestLike, 'method' | 'url'>, origin: string): boolean {
  const url = new URL(request.url);
  return request.method === 'POST' && url.origin === origin && SESSION_CHANGES.has(url.pathname);
}

/**
 * What a kept GET's answer from the network means for the cache:
 * - `keep`: a 200, saved (stamped with the time) and passed on;
 * - `forget-user`: a 401 on a user's answer, the session is gone: every kept answer of the user goes;
 * - `drop`: another refusal (a 4xx: an admit card with no exam dates any more), so the saved copy
 *   must not come back offline;
 * - `fallback`: the server or its proxy failed (5xx): as when the network fails, the saved copy if any.
 */
export type Outcome = 'keep' | 'forget-user' | 'drop' | 'fallback';

export function outcomeOf(status: number, cache: string): Outcome {
  if (status >= 500) return 'fallback';
  if (status === 401 && cache === USER_CACHE) return 'forget-user';
  if (status >= 400) return 'drop';
  return status === 200 ? 'keep' : 'drop';
}

/** The user a current-user answer (the envelope's data) names, or null. */
export function userIdOf(body: unknown): string | null {
  const data = (body as { data?: { _id?: unknown } } | null)?.data;
  return typeof data?._id === 'string' ? data._id : null;
}

export const isCurrentUser = (url: string) => new URL(url).pathname === api.users.currentUser.path;

/** The shell cache of one build. */
export const shellCache = (version: string) => `${SHELL_PREFIX}${version}`;

/** On activation: the shells of other builds, and caches of names this worker does not use. */
export function staleCaches(names: readonly string[], version: string): string[] {
  const current = new Set([shellCache(version), USER_CACHE, PUBLIC_CACHE]);
  return names.filter((name) => name.startsWith('campus-') && !current.has(name));
}

/**
 * The headers of an answer as saved: the server's, with the time it was saved, without `Vary`:
 * the worker's own fetch at activation and the page's differ in headers the server varies on
 * (Accept-Encoding, Origin), and a saved copy must answer the page whichever fetched it.
 */
export function stamped(headers: Headers, now: Date): Headers {
  const copy = new Headers(headers);
  copy.set(SAVED_AT, now.toISOString());
  copy.delete('vary');
  return copy;
}
