import type { OidcProviderConfig, SamlProviderConfig, SignInProviderConfig } from '../src/platform/config/config';
import { selfSignedCertificate } from './self-signed';

/**
 * Campus sign-in providers for the suites that walk every route (authorization, bad input,
 * refusals): configured, so that their routes are there to call, but never reached. A SAML
 * identity provider is only ever visited by the browser; the OpenID provider's address refuses
 * connections (the discard port), so a call that needs it fails at once.
 */
export const OFFLINE_SAML = 'campus-saml';
export const OFFLINE_OIDC = 'campus-oidc';
/** Providers need PUBLIC_ORIGIN: the address the injected requests name (light-my-request's default Host). */
export const OFFLINE_ORIGIN = 'http://localhost';

const claims = { registrationId: 'studentId', email: 'mail', fullname: 'displayName' };
const roles = [{ claim: 'affiliation', value: 'student', role: 'student' as const }];

export async function offlineProviders(): Promise<SignInProviderConfig[]> {
  const saml: SamlProviderConfig = { id: OFFLINE_SAML, type: 'saml', label: 'Campus account', entryPoint: 'https://idp.campus.invalid/sso', idpCert: (await selfSignedCertificate()).cert, claims, roles };
  const oidc: OidcProviderConfig = { id: OFFLINE_OIDC, type: 'oidc', label: 'Campus Google', issuer: 'https://127.0.0.1:9', clientId: 'portal', clientSecret: 'secret', claims, roles };
  return [saml, oidc];
}
