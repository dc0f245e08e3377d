import { api } from '@campus/contract/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api';

/** Kept across logout: it describes the server, not the user. */
export const portalConfigKey = ['portal-config'] as const;

/**
 * GET /api/v1/config: the server's set-up (staff code needed, exam office id, …). It does not
 * change while the page is open. `enabled` false reads only what is already known (the header
 * asks only for a visitor, who may be offered signup).
 */
export function usePortalConfig(enabled = true) {
  return useQuery({
    queryKey: portalConfigKey,
    queryFn: async () => (await call(api.system.config)).data,
    staleTime: Infinity,
    enabled,
  });
}
