import { paths, type User } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/api';
import type { StoredUser } from '../../../lib/secure-store';
import { currentUserKey, rememberUser, storedUser } from '../session';

/** GET current-user: the user, or null when nobody is logged in (a 401 is an answer here). */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    const { data } = await request<User>(paths.users.currentUser, { quiet401: true });
    rememberUser(data);
    return data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      rememberUser(null);
      return null;
    }
    throw err;
  }
}

export const currentUserQuery = queryOptions({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 60_000 });

/** The full current user from the server (undefined while loading, null when logged out). */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * Who is looking at the page, for the header: the server's answer, or until it arrives the
 * locally kept copy. `loading` is true only when there is neither.
 */
export function useViewer(): { viewer: StoredUser | null; loading: boolean } {
  const q = useCurrentUser();
  if (q.data !== undefined) return { viewer: q.data, loading: false };
  if (q.isError) return { viewer: null, loading: false };
  const kept = storedUser();
  return { viewer: kept, loading: kept === null };
}
