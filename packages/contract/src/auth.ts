import { z } from 'zod';
import { ACCOUNT_ROLES } from './constants';
import { endpoint } from './endpoint';
import { branchField, emailField, fullnameField, lineField, registrationIdField, semesterField, textField } from './fields';
import { refusalMessage as says, requiredMessage } from './refusals';
import { API_PREFIX } from './prefix';
import { authProviderSchema } from './auth-provider';
import { userSchema } from './users';

/**
 * Campus sign-in: the providers campus IT configures (AUTH_PROVIDERS), each an OpenID Connect
 * provider or a SAML 2.0 identity provider. The browser is sent to the provider and comes back to
 * the callback (OIDC) or the assertion consumer service (SAML), which start a session and send it on.
 */

/** The longest `next` path kept: a page's path and query, never a whole document. */
export const NEXT_PATH_MAX = 2000;

/** The C0 and C1 controls and DEL: a browser drops some from a URL (tab, line breaks) and reads others otherwise. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Stands for the portal's origin where none is given: a path alone cannot change the origin it is resolved against. */
const SOME_ORIGIN = 'https://portal.invalid';

/**
 * Where to send the browser after sign-in, as a path on this site: the path, query and fragment of
 * `value` resolved against the portal's origin with the WHATWG URL parser (what a browser does with
 * a Location header), or null when it is anything but a path here. A browser drops tabs and line
 * breaks from a URL and reads `\` as `/`, so `/\tevil.example` or `/\evil` would be `//evil…`,
 * another site: text with control characters or backslashes is refused before parsing, and so is
 * a path whose first segment is empty, even once percent-decoded (`//evil`, `/%2F%2Fevil`, which a
 * client router may decode). Only the normalised form is kept and redirected to.
 */
export function localPathOf(value: string, origin: string = SOME_ORIGIN): string | null {
  if (value.length > NEXT_PATH_MAX || !value.startsWith('/')) return null;
  if (CONTROL.test(value) || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (/^\/[/\\]/.test(decoded) || CONTROL.test(decoded)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.length <= NEXT_PATH_MAX ? path : null;
}

/** Whether `value` is a path on this site (see `localPathOf`). */
export const isLocalPath = (value: string) => localPathOf(value) !== null;

/** `next`, refused unless it is a path on this site, and kept in its normalised form. */
export const nextPathField = lineField('next').transform((value, ctx) => {
  const path = localPathOf(value);
  if (path === null) {
    ctx.addIssue({ code: 'custom', message: says('path_invalid', { field: 'next' }) });
    return z.NEVER;
  }
  return path;
});

/** GET /auth/:providerId/start: the page to come back to, and whether an administrator is only testing. */
export const signInStartQuery = z.object({
  next: nextPathField.optional(),
  test: z.enum(['true', 'false'], { error: says('not_boolean', { field: 'test' }) }).transform((v) => v === 'true').optional(),
});

/**
 * What an OpenID provider sends back: openid-client reads the whole URL. These bound the
 * parameters the portal knows; others a provider adds (Google's `authuser`, `hd`, `prompt`) pass.
 */
const providerText = (field: string, max: number) => textField(field).max(max, { error: says('text_too_long', { field }) }).optional();
export const signInCallbackQuery = z
  .object({
    code: providerText('code', 2048),
    state: providerText('state', 512),
    iss: providerText('iss', 2048),
    error: providerText('error', 256),
    error_description: providerText('error_description', 2048),
    session_state: providerText('session_state', 512),
  })
  .loose();

/** The SAML POST binding's form. A response with a few attributes is some kilobytes; 512 KiB is far past any real one. */
export const SAML_RESPONSE_MAX = 512 * 1024;
export const samlPostBody = z.object({
  SAMLResponse: textField('SAMLResponse', requiredMessage('SAMLResponse')).max(SAML_RESPONSE_MAX, { error: says('text_too_long', { field: 'SAMLResponse' }) }),
  RelayState: providerText('RelayState', 512),
});

/** OpenID Connect Back-Channel Logout 1.0: the provider POSTs a signed logout token. */
export const backchannelLogoutBody = z.object({
  logout_token: textField('logout_token', requiredMessage('logout_token')).max(16 * 1024, { error: says('text_too_long', { field: 'logout_token' }) }),
});

/** POST /auth/link: the password of the account a campus sign-in found by its registration id. */
export const linkAccountBody = z.object({
  password: textField('password', requiredMessage('password'))
    .min(1, { error: requiredMessage('password') })
    .max(1024, { error: says('text_too_long', { field: 'password' }) }),
});

/** A campus sign-in waiting for the password of the account it matched (GET /auth/link). */
export const pendingLinkSchema = z.object({ registrationId: z.number().int(), provider: authProviderSchema });

/** The account a provider's claims describe, as the portal would keep it. */
export const claimedAccountSchema = z.object({
  registrationId: z.number().int(),
  email: z.string(),
  fullname: z.string(),
  semester: z.number().int().nullable(),
  branch: z.string().nullable(),
});

/** The role rule (AUTH_PROVIDERS' `roles`, counted from 1) that matched. */
export const matchedRuleSchema = z.object({ rule: z.number().int(), claim: z.string(), value: z.string(), role: z.enum(ACCOUNT_ROLES) });

/**
 * Why a test could not reach an OpenID provider's discovery document: its name is not found (DNS),
 * nothing listens there (refused), its certificate is not trusted (TLS), it answered but with no
 * discovery document (an HTTP error or not JSON), it did not answer in time, or something else.
 */
export const PROVIDER_FAILURES = ['nameNotFound', 'refused', 'tls', 'discovery', 'timeout', 'other'] as const;
export type ProviderFailure = (typeof PROVIDER_FAILURES)[number];

/** A test that never reached the provider: what failed, the address tried, and the error's own words. */
export const providerFailureSchema = z.object({ kind: z.enum(PROVIDER_FAILURES), address: z.string(), detail: z.string() });

/**
 * What a provider released in an administrator's test sign-in, and what the portal made of it:
 * nothing is created or changed by a test. A test that could not reach the provider has no
 * subject and no claims, and says why in `failure`.
 */
export const signInTestSchema = z
  .object({
    _id: z.string(),
    provider: authProviderSchema,
    subject: z.string(),
    /** Every claim (OIDC: ID token and userinfo) or attribute (SAML), as released. */
    claims: z.record(z.string(), z.unknown()),
    account: claimedAccountSchema.nullable(),
    matched: matchedRuleSchema.nullable(),
    /** Why a real sign-in with these claims would be refused; null when it would go through. */
    refusal: z.string().nullable(),
    /** Why the provider could not be reached; null when it answered. */
    failure: providerFailureSchema.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'SignInTest' });
export type SignInTest = z.infer<typeof signInTestSchema>;

const AUTH = `${API_PREFIX}/auth`;

export const authApi = {
  providers: endpoint({
    method: 'GET',
    path: `${AUTH}/providers`,
    summary: 'The campus sign-in providers, one button each on the login page',
    data: z.object({ providers: z.array(authProviderSchema) }),
  }),
  start: endpoint({
    method: 'GET',
    path: `${AUTH}/:providerId/start`,
    summary: 'Sends the browser to the provider (OIDC: authorization code with PKCE, state and nonce; SAML: an AuthnRequest); test=true: an administrator sees what the provider releases, and nobody is signed in',
    query: signInStartQuery,
    data: z.never(),
    status: 302,
    errors: ['sign_in_provider_unknown', 'login_required', 'sign_in_test_admins_only'],
  }),
  callback: endpoint({
    method: 'GET',
    path: `${AUTH}/:providerId/callback`,
    summary: 'The browser back from the provider: 302 to `next` with a session cookie; a refusal 302s to /login?error=<code> (SIGN_IN_ERROR_CODES)',
    query: signInCallbackQuery,
    data: z.never(),
    status: 302,
    errors: ['sign_in_provider_unknown'],
  }),
  acs: endpoint({
    method: 'POST',
    path: `${AUTH}/:providerId/acs`,
    summary: 'SAML assertion consumer service (POST binding; signed assertions only; audience, recipient, time and replay checked): as the callback',
    body: samlPostBody,
    consumes: ['application/x-www-form-urlencoded'],
    data: z.never(),
    status: 302,
    errors: ['sign_in_provider_unknown'],
  }),
  metadata: endpoint({
    method: 'GET',
    path: `${AUTH}/:providerId/metadata`,
    summary: "The SAML service provider's metadata",
    data: z.string(),
    produces: 'application/samlmetadata+xml',
    errors: ['sign_in_provider_unknown'],
  }),
  backchannelLogout: endpoint({
    method: 'POST',
    path: `${AUTH}/:providerId/backchannel-logout`,
    summary: "OpenID Connect Back-Channel Logout 1.0: a valid logout token ends that person's sessions that came from this provider",
    body: backchannelLogoutBody,
    consumes: ['application/x-www-form-urlencoded'],
    data: z.object({}),
    errors: ['sign_in_provider_unknown', 'logout_token_invalid'],
  }),
  pendingLink: endpoint({
    method: 'GET',
    path: `${AUTH}/link`,
    summary: 'The campus sign-in in this browser waiting for the password of the account it matched (404: none)',
    data: pendingLinkSchema,
    errors: ['not_found'],
  }),
  link: endpoint({
    method: 'POST',
    path: `${AUTH}/link`,
    summary: "Links the campus account to the account with its registration id, given that account's password once (throttled like a login), and signs in",
    body: linkAccountBody,
    data: z.object({ user: userSchema, next: z.string() }),
    errors: ['not_found', 'link_password_incorrect', 'rate_limited', 'no_role', 'claim_missing', 'claim_invalid', 'account_deactivated', 'sign_in_identity_taken', 'sign_in_email_taken'],
  }),
  signInTest: endpoint({
    method: 'GET',
    path: `${AUTH}/tests/:testId`,
    summary: "An administrator's test sign-in: what the provider released and what the portal made of it",
    data: z.object({ test: signInTestSchema }),
    errors: ['not_found'],
  }),
};

/** The account fields a provider's claims may fill, checked as the forms check them. */
export const claimedAccountFields = { registrationId: registrationIdField, email: emailField, fullname: fullnameField, semester: semesterField, branch: branchField };
