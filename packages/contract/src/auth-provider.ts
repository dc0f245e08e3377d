import { z } from 'zod';

/** The kinds of campus sign-in provider: OpenID Connect, SAML 2.0. */
export const AUTH_PROVIDER_TYPES = ['oidc', 'saml'] as const;
export type AuthProviderType = (typeof AUTH_PROVIDER_TYPES)[number];

/** A campus sign-in provider as the login page offers it (one button each) and a session names it. */
export const authProviderSchema = z
  .object({ id: z.string(), label: z.string(), type: z.enum(AUTH_PROVIDER_TYPES) })
  .meta({ id: 'AuthProvider' });
export type AuthProvider = z.infer<typeof authProviderSchema>;
