import { api } from '@campus/contract/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { adminKey } from '../keys';

/** GET admin/summary: the administrator's home cards, in one call. */
export const useAdminSummary = () =>
  useQuery({
    queryKey: [...adminKey, 'summary'] as const,
    queryFn: async ({ signal }) => (await call(api.admin.summary, { signal })).data,
  });
