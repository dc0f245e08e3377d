import { api } from '@campus/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { pendingLinkKey } from '../keys';
import { setCurrentUser } from '../session';
import type { SignInProvider } from './providers';

/**
 * GET auth/link: the campus sign-in in this browser that matched an account made by signup, by
 * its registration id, and waits for that account's password; a 404 when there is none. Asked
 * afresh on each visit and forgotten on leaving: a link once spent is gone.
 */
export const usePendingLink = () =>
  useQuery({
    queryKey: pendingLinkKey,
    queryFn: async ({ signal }) => (await call(api.auth.pendingLink, { signal })).data,
    staleTime: 0,
    gcTime: 0,
  });

/**
 * POST auth/link: the account's password, once, links the campus account to it and signs in.
 * The answer's user becomes the current user, signed in with the provider (the answer names no
 * provider: the pending link did).
 */
export function useLinkAccount(provider: SignInProvider) {
  const client = useQueryClient();
  return useMutation({
    // A 401 is a wrong password, said on the field; not a lost session.
    mutationFn: (password: string) => call(api.auth.link, { body: { password }, quiet401: true }),
    onSuccess: ({ data }) => setCurrentUser(client, data.user, provider),
  });
}
