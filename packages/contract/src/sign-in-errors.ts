import type { RefusalCode } from './refusals';

/**
 * Why a campus sign-in was refused, as the code the server puts in `/login?error=<code>`. The
 * login page words each code itself and says nothing else: anyone can write a link with any
 * `error`, so the page never shows text that came from the address. A code, once sent, keeps its
 * meaning (old links and bookmarks still carry it). Each is a code of the refusal catalogue.
 */
export const SIGN_IN_ERROR_CODES = [
  /** No role rule of the provider matched the campus account's claims: nothing was created. */
  'no_role',
  /** The provider's claims lack, or hold an unusable, registration id, email or name. */
  'claims_unusable',
  'sign_in_provider_unknown',
  /** The provider could not be reached (discovery, token endpoint). */
  'sign_in_unavailable',
  /** The state is unknown, spent or from another browser, or the sign-in took too long. */
  'sign_in_expired',
  /** The provider answered with an error, or its answer failed a check. */
  'sign_in_failed',
  'sign_in_identity_taken',
  'sign_in_email_taken',
  'account_deactivated',
] as const satisfies readonly RefusalCode[];

export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

export const isSignInErrorCode = (value: unknown): value is SignInErrorCode => typeof value === 'string' && (SIGN_IN_ERROR_CODES as readonly string[]).includes(value);
