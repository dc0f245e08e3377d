import { api } from '@campus/contract/api';
import type { CurrentUser } from '@campus/contract/users';
import { useQuery } from '@tanstack/react-query';
import { call, urlOf } from '../../../lib/api';
import { signInProvidersKey } from '../keys';

/** A campus sign-in provider as the server describes it (an id, a label, OpenID Connect or SAML). */
export type SignInProvider = NonNullable<CurrentUser['signedInWith']>;

/**
 * GET auth/providers: the campus sign-in providers campus IT configured, none when there are
 * none. They change only when the server restarts with another configuration.
 */
export function useSignInProviders() {
  return useQuery({
    queryKey: signInProvidersKey,
    queryFn: async () => (await call(api.auth.providers)).data.providers,
    staleTime: Infinity,
  });
}

/**
 * Where a provider's button leads: the server's start, which sends the browser on to the provider
 * and, once it vouches for someone, back to `next` signed in. A link the browser follows, not a
 * fetch: the provider's pages are the provider's.
 */
export const signInHref = (provider: SignInProvider, next: string) => urlOf(api.auth.start, { params: { providerId: provider.id }, query: { next } });
