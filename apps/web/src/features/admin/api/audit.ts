import { api } from '@campus/contract/api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { activityKey, adminKeys, type AuditFilter } from '../keys';

/** GET admin/audit: entries by actor, target and action, newest first, in pages; "More" follows the cursor. */
export function useAuditLog(filter: AuditFilter) {
  const query = useInfiniteQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: async ({ pageParam, signal }) => {
      const query = { actor: filter.actor || undefined, target: filter.target || undefined, action: filter.action || undefined, cursor: pageParam || undefined };
      return (await call(api.admin.audit, { query, signal })).data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { ...query, data: query.data?.pages.flatMap((page) => page.entries) };
}

/** GET users/activity: every entry about the caller, newest first, in pages. */
export function useMyActivity() {
  const query = useInfiniteQuery({
    queryKey: activityKey,
    queryFn: async ({ pageParam, signal }) => (await call(api.users.activity, { query: { cursor: pageParam || undefined }, signal })).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { ...query, data: query.data?.pages.flatMap((page) => page.entries) };
}
