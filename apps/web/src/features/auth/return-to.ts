/**
 * Where login sends someone back to. A protected page that finds nobody logged in sends the
 * visitor to /login?next=<that page>; login then returns there. `next` is only ever a path of
 * this site: anything else (another origin, `//evil.example`, `javascript:`…) is ignored and
 * login goes home, so a crafted link cannot use the login page to send people elsewhere.
 */
import { pages } from '@campus/contract/pages';

export const LOGIN_PATH = pages.login;
const NEXT = 'next';

/** `page`'s address that returns to `path` (a path with its search) once done there. */
const returningTo = (page: string, path: string): string => {
  const back = safeReturnPath(path);
  return back === '/' ? page : `${page}?${NEXT}=${encodeURIComponent(back)}`;
};

/** The login page's address that returns to `path` (a path with its search) after login. */
export const loginHref = (path: string): string => returningTo(LOGIN_PATH, path);

/** The welcome page's address (a student's semester and branch, chosen first) that goes on to `path`. */
export const welcomeHref = (path: string): string => returningTo(pages.welcome, path);

/** The page to go to after login (or the welcome page), read from its search: a same-site path, else '/'. */
export function returnPathFrom(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(NEXT));
}

/** `value` when it is a path on this site (and not the login or welcome page itself), otherwise '/'. */
export function safeReturnPath(value: string | null | undefined): string {
  // One leading slash, then not a second slash or a backslash (browsers read "/\\host" as "//host").
  if (!value || !/^\/(?![/\\])/.test(value)) return '/';
  const base = 'http://portal.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base || url.pathname === LOGIN_PATH || url.pathname === pages.welcome) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The router state of the login page a deliberate logout lands on: it says "You have logged out."
 * and carries no return path, so the next person at a shared computer lands on their own home.
 */
export const LOGGED_OUT_STATE = { loggedOut: true } as const;

export const isLoggedOutState = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { loggedOut?: unknown }).loggedOut === true;
