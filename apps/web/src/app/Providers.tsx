import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { setUnauthorizedHandler } from '../lib/api';
import { currentUserKey, rememberUser } from '../features/auth/session';

/** Query cache, and what a 401 from any call means: the session is gone, forget the user. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => {
    setUnauthorizedHandler(() => {
      rememberUser(null);
      client.setQueryData(currentUserKey, null);
    });
  }, [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
