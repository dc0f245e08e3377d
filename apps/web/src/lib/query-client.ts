import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Data refreshes on focus and after mutations; no retries for refusals (4xx). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // The first fetch goes out even when the browser says it is offline: the service worker
        // may answer it from its saved copy (the admit card on exam day). Retries still wait
        // for the network to come back, as TanStack Query's default mode does.
        networkMode: 'offlineFirst',
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
