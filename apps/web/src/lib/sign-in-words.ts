/**
 * The campus sign-in's words: why a sign-in was refused, which the login page shows from
 * `/login?error=<code>` (and a password login's answer) with why a session ended, the link page
 * from its answer, and an administrator's test page as what a real sign-in would meet; and what
 * the routes the browser and the providers go to themselves refuse. Each by its catalogue code.
 * Added to lib/words when this module loads, which only those pages do
 * (features/auth/LoginPage.tsx, LinkAccountPage.tsx, the administration's sign-in pages), so the
 * first load of every other page stays without them. `words.test.ts` loads it too, and holds
 * every code of the catalogue to a sentence.
 */
import { fieldLabel } from '@campus/contract/labels';
import type { SessionEndCode } from '@campus/contract/session-end';
import { isSignInErrorCode } from '@campus/contract/sign-in-errors';
import { addWords, refusalSentence, type FieldWords, type Sentences } from './words';

const FAILED = 'The campus sign-in could not be completed. Please start again.';
const ASK_IT = 'Ask campus IT for help.';

/**
 * What the provider sends back (OpenID Connect's callback, SAML's POST), what the portal's own
 * links to the start carry (`next`, `test`), and a back-channel logout's token: nobody types
 * them, so whatever is wrong with one, the sign-in could not be completed.
 */
const SENT_FOR_US = ['code', 'state', 'iss', 'error', 'error_description', 'session_state', 'SAMLResponse', 'RelayState', 'logout_token', 'next', 'test'];
const sentForUs: FieldWords = { noun: 'sign-in', ask: 'Start the sign-in again', any: FAILED };

const sentences: Sentences = {
  no_role: () => 'Your campus account has no role in this portal. If you think it should, ask the registrar’s office.',
  claims_unusable: () => `Your campus account did not give this portal what it needs to make your account (a registration id, an email address and a name). ${ASK_IT}`,
  claim_missing: ({ field, params }) => `Your campus account did not give this portal its ${fieldLabel(field ?? '').toLowerCase()} (claim “${params.claim}”). ${ASK_IT}`,
  // `detail` is the field's own refusal, for campus IT to read: the one place a sentence quotes the server.
  claim_invalid: ({ params }) => `Your campus account’s “${params.claim}” cannot be used here: ${params.detail}. ${ASK_IT}`,
  password_login_admins_only: () => 'Only administrators log in with a password here. Log in with your campus account instead.',
  sign_in_provider_unknown: () => 'This way of logging in is not offered here. Start again from the login page.',
  sign_in_unavailable: () => 'The campus sign-in is not answering. Please try again in a few minutes.',
  sign_in_expired: () => 'This sign-in took too long or was already used. Please start again.',
  sign_in_failed: () => FAILED,
  sign_in_identity_taken: () => `Your registration id is already linked to another campus account. ${ASK_IT}`,
  sign_in_email_taken: () => `Your campus account’s email address already belongs to another account here. ${ASK_IT}`,
  logout_token_invalid: () => 'The logout token is not valid.',
  // The link page's password: the field says it, where to try again.
  link_password_incorrect: () => 'That password is not right.',
};

addWords({ fields: Object.fromEntries(SENT_FOR_US.map((field) => [field, sentForUs])), sentences });

/** Said where an account was switched off: whom to ask, when the deployment names someone (SUPPORT_CONTACT). */
export const deactivatedSentence = (supportContact: string | null) =>
  `Your account has been deactivated. ${supportContact ? `Contact ${supportContact}.` : 'Ask the campus administration.'}`;

/**
 * What the login page says for `/login?error=…`: the sentence of the server's code, and for
 * anything else that the sign-in could not be completed. Anyone can write a link with any
 * `error`: nothing of it is shown, and only the codes a refused sign-in sends are worded.
 */
export function signInErrorSentence(error: string, supportContact: string | null): string {
  if (!isSignInErrorCode(error)) return FAILED;
  return error === 'account_deactivated' ? deactivatedSentence(supportContact) : refusalSentence({ code: error });
}

/** The login page's words after a session ended without the person's logout (the 401's code). */
export const sessionEndSentence = (code: SessionEndCode, supportContact: string | null): string =>
  code === 'account_deactivated' ? deactivatedSentence(supportContact) : refusalSentence({ code });
