import { paths, type PortalConfig } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../api';

/** GET /api/v1/config: the server's set-up (staff code needed, exam office id, …). */
export function usePortalConfig() {
  return useQuery({
    queryKey: ['portal-config'],
    queryFn: async () => (await request<PortalConfig>(paths.config)).data,
    staleTime: Infinity,
  });
}
