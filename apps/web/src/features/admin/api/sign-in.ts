import { api } from '@campus/contract/api';
import type { DataOf } from '@campus/contract/endpoint';
import type { CurrentUser } from '@campus/contract/users';
import { useQuery } from '@tanstack/react-query';
import { call, urlOf } from '../../../lib/api';
import { adminKeys } from '../keys';

/** A campus sign-in provider as the server describes it (an id, a label, OpenID Connect or SAML). */
export type SignInProvider = NonNullable<CurrentUser['signedInWith']>;

/** What each kind of provider is called. */
export const PROVIDER_TYPES: Record<SignInProvider['type'], string> = { oidc: 'OpenID Connect', saml: 'SAML 2.0' };

/** What a provider released in a test sign-in, and what the portal made of it. */
export type SignInTest = DataOf<typeof api.auth.signInTest>['test'];

/** GET auth/providers: the providers campus IT configured (AUTH_PROVIDERS), as the login page offers them. */
export const useAdminSignInProviders = () =>
  useQuery({
    queryKey: adminKeys.signInProviders,
    queryFn: async ({ signal }) => (await call(api.auth.providers, { signal })).data.providers,
  });

/** GET auth/tests/:testId: one of this administrator's test sign-ins (another's is a 404). */
export const useSignInTest = (testId: string) =>
  useQuery({
    queryKey: adminKeys.signInTest(testId),
    queryFn: async ({ signal }) => (await call(api.auth.signInTest, { params: { testId }, signal })).data.test,
    // A test's result never changes.
    staleTime: Infinity,
  });

/**
 * A test sign-in with a provider: the browser goes to the provider (a link, not a fetch), the
 * administrator signs in there, and comes back to the result's page. Nobody is signed in by it.
 */
export const testSignInHref = (provider: SignInProvider) => urlOf(api.auth.start, { params: { providerId: provider.id }, query: { test: 'true' } });

/** A SAML provider's service provider metadata (entity id, assertion consumer service), which campus IT loads into its identity provider. */
export const metadataHref = (provider: SignInProvider) => urlOf(api.auth.metadata, { params: { providerId: provider.id } });
