import { api } from '@campus/contract/api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, urlOf } from '../../../lib/api';
import { auditQueryOf } from '../audit-filter';
import { activityKey, adminKeys, type AuditFilter } from '../keys';

/** GET admin/audit.csv with the log's filters: a link the browser downloads (the server streams it). */
export const auditExportHref = (filter: AuditFilter) => urlOf(api.admin.auditExport, { query: auditQueryOf(filter) });

/** GET admin/audit: entries by actor, target, action, person and days, newest first, in pages; "More" follows the cursor. */
export function useAuditLog(filter: AuditFilter) {
  const query = useInfiniteQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: async ({ pageParam, signal }) => {
      return (await call(api.admin.audit, { query: { ...auditQueryOf(filter), cursor: pageParam || undefined }, signal })).data;
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
