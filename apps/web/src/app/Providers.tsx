import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { forgetUser } from '../features/auth';
import { setUnauthorizedHandler } from '../lib/api';

/**
 * The query cache, and what a 401 from any call (other than login, logout and current-user,
 * which expect one) means: the session is gone, so forget the user and their cached data, and
 * why (the answer's code). Pages that need a user then send the visitor to /login, which says it.
 */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => {
    setUnauthorizedHandler((code) => forgetUser(client, { code }));
    return () => setUnauthorizedHandler(() => {});
  }, [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
