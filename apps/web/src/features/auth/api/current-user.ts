import { api } from '@campus/contract/api';
import type { CurrentUser } from '@campus/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api';
import type { StoredUser } from '../../../lib/secure-store';
import { currentUserKey } from '../keys';
import { forgetKeptCopy, keptUser, rememberUser } from '../session';

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
      return null;
    }
    // A failed current-user fetch clears the stored user (docs/product.md#accounts).
    forgetKeptCopy();
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
 * when the layout shows its full-page spinner.
 */
export function useViewer(): { viewer: StoredUser | null; loading: boolean } {
  const q = useCurrentUser();
  if (q.data !== undefined) return { viewer: q.data, loading: false };
  // The fetch failed outright: treat as logged out (docs/product.md#accounts); the layout says why.
  if (q.isError) return { viewer: null, loading: false };
  const copy = keptUser();
  return { viewer: copy, loading: copy === null };
}
