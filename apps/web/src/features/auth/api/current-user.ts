import { api } from '@campus/contract/api';
import type { CurrentUser } from '@campus/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api';
import type { StoredUser } from '../../../lib/secure-store';
import { currentUserKey } from '../keys';
import { keptUser, noteSessionEnd, rememberUser } from '../session';

/**
 * GET current-user: the user and the campus provider the session came from (null: a password),
 * or null when nobody is logged in (here a 401 is an answer, not an error).
 */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const { data } = await call(api.users.currentUser, { quiet401: true });
    rememberUser(data);
    return data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      rememberUser(null);
      noteSessionEnd(err.code);
      return null;
    }
    // Only a 401 says nobody is logged in. A network error or a 5xx says nothing about the
    // session: the kept copy stays, and the header with it (docs/product.md#accounts).
    throw err;
  }
}

const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: fetchCurrentUser,
  staleTime: 60_000,
  retry: 1,
  // A failed answer must not be fetched again by every component that mounts afterwards: with
  // no data, a refetch puts the query back to pending, the layout back to its spinner, and the
  // remount would ask again, in a loop. "Try again", focus and reconnect still refetch.
  retryOnMount: false,
});

/** The full current user from the server: undefined while loading, null when logged out. */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * Who is looking at the page, for the header and the greeting: the server's answer, or until
 * it arrives the locally kept copy. `loading` is true only while there is neither, which is
 * when the layout shows its full-page spinner. `unknown`: the server could not be asked (a
 * network error, a 5xx) and no copy is kept, so the header shows neither a user nor the
 * logged-out links: only a 401 logs out.
 */
export function useViewer(): { viewer: StoredUser | null; loading: boolean; unknown: boolean } {
  const q = useCurrentUser();
  if (q.data !== undefined) return { viewer: q.data, loading: false, unknown: false };
  const copy = keptUser();
  // The fetch failed outright: not a logout; the layout says what failed and offers to ask again.
  if (q.isError) return { viewer: copy, loading: false, unknown: copy === null };
  return { viewer: copy, loading: copy === null, unknown: false };
}
