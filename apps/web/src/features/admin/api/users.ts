import type { AdminUpdateUserBody } from '@campus/contract/admin';
import { api } from '@campus/contract/api';
import type { User } from '@campus/contract/users';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { setCurrentUser, useViewer } from '../../auth';
import { activityKey, adminKey, adminKeys, type UserFilter } from '../keys';

/** GET admin/users: the search and filters in pages (50 a page, the server's default); "More" follows the cursor. */
export function useAdminUsers(filter: UserFilter) {
  const query = useInfiniteQuery({
    queryKey: adminKeys.users(filter),
    queryFn: async ({ pageParam, signal }) => {
      const query = { q: filter.q || undefined, role: filter.role || undefined, active: filter.active || undefined, cursor: pageParam || undefined };
      return (await call(api.admin.users, { query, signal })).data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { ...query, data: query.data?.pages.flatMap((page) => page.users) };
}

/** GET admin/users/:userId. */
export const useAdminUser = (userId: string) =>
  useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: async ({ signal }) => (await call(api.admin.user, { params: { userId }, signal })).data.user,
  });

/**
 * PATCH admin/users/:userId. An administrator who changes their own account is the current user
 * too: the header and the kept copy follow at once.
 */
export function useUpdateUser(userId: string) {
  const client = useQueryClient();
  const { viewer } = useViewer();
  return useMutation({
    mutationFn: (body: AdminUpdateUserBody) => call(api.admin.updateUser, { params: { userId }, body }),
    onSuccess: ({ data }) => {
      client.setQueryData<User>(adminKeys.user(userId), data.user);
      if (viewer?._id === userId) setCurrentUser(client, data.user);
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: adminKey }), client.invalidateQueries({ queryKey: activityKey })]),
  });
}

/** POST admin/users/:userId/reset-link (503 when the portal sends no email). */
export function useSendResetLink(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.admin.resetLink, { params: { userId } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}

/** POST admin/users/:userId/invite: an invitation to set a first password (409 when the user has one; 503 with mail off). */
export function useInviteUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.admin.invite, { params: { userId } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}
