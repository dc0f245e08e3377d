import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Data refreshes on focus and after mutations; no retries for refusals (4xx). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
