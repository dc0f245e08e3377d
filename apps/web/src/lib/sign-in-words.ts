/**
 * The campus sign-in's words: why a sign-in was refused, which the login page shows from
 * `/login?error=<code>` (and a password login's answer) with why a session ended, the link page
 * from its answer, and an
 * administrator's test page as what a real sign-in would meet; and what the routes the browser
 * and the providers go to themselves refuse. Added to lib/words when this module loads, which
 * only those pages do (features/auth/LoginPage.tsx, LinkAccountPage.tsx, the administration's
 * sign-in pages), so the first load of every other page stays without them. `words.test.ts`
 * loads it too, and holds every contract message to a sentence as before.
 *
 * The refusals are written out here, each held to the contract's words by its type (`satisfies`),
 * rather than read as `REFUSALS.noRole`: a property read anywhere keeps its text in messages.ts,
 * which is in every page's first load, and these are some 300 bytes no other page needs.
 */
import { fieldLabel } from '@campus/contract/labels';
import type { REFUSALS } from '@campus/contract/messages';
import type { SessionEndCode } from '@campus/contract/session-end';
import { isSignInErrorCode, type SignInErrorCode } from '@campus/contract/sign-in-errors';
import { addWords, type Rule } from './words';

type Refusal = typeof REFUSALS;

const FAILED = 'The campus sign-in could not be completed. Please start again.';
const SIGN_IN_FAILED = 'the campus sign-in could not be completed: start again' satisfies Refusal['signInFailed'];
const ASK_IT = 'Ask campus IT for help.';

/**
 * What the provider sends back (OpenID Connect's callback, SAML's POST), what the portal's own
 * links to the start carry (`next`, `test`), and a back-channel logout's token: nobody types
 * them, so whatever is wrong with one, the sign-in could not be completed.
 */
const SENT_FOR_US = ['code', 'state', 'iss', 'error', 'error_description', 'session_state', 'SAMLResponse', 'RelayState', 'logout_token', 'next', 'test'].map(fieldLabel);
const ANY_PROBLEM = ['is required', 'must be text', 'is too long', 'contains a character that is not allowed', 'must not contain a line break', 'must be a path on this site', 'must be true or false'];

const patterns: Rule[] = [
  [new RegExp(`^(?:${SENT_FOR_US.join('|')}) (?:${ANY_PROBLEM.join('|')})$`), () => FAILED],
  // The callback's query takes only what providers send (zod's words for any other parameter).
  [/^Unrecognized keys?: .+$/, () => FAILED],
  // FIELD_MESSAGES.claimMissing and claimInvalid: the provider's claims could not make an account.
  [/^your campus account gave no (.+) \(claim (.+)\)$/, (what, claim) => `Your campus account did not give this portal its ${what} (claim “${claim}”). ${ASK_IT}`],
  [/^your campus account's (.+?) cannot be used: (.+)$/, (claim, why) => `Your campus account’s “${claim}” cannot be used here: ${why}. ${ASK_IT}`],
];

addWords({
  patterns,
  exact: [
    ['your campus account has no role in this portal' satisfies Refusal['noRole'], 'Your campus account has no role in this portal. If you think it should, ask the registrar’s office.'],
    ['password sign-in is for administrators only: use your campus account' satisfies Refusal['passwordLoginAdminsOnly'], 'Only administrators log in with a password here. Log in with your campus account instead.'],
    ['no such sign-in provider' satisfies Refusal['signInProviderUnknown'], 'This way of logging in is not offered here. Start again from the login page.'],
    ['the campus sign-in is not answering: try again shortly' satisfies Refusal['signInUnavailable'], 'The campus sign-in is not answering. Please try again in a few minutes.'],
    ['this sign-in has expired or was already used: start again' satisfies Refusal['signInExpired'], 'This sign-in took too long or was already used. Please start again.'],
    [SIGN_IN_FAILED, FAILED],
    ['this registration ID is linked to another campus account' satisfies Refusal['signInIdentityTaken'], `Your registration id is already linked to another campus account. ${ASK_IT}`],
    ["your campus account's email is already used by another account here" satisfies Refusal['signInEmailTaken'], `Your campus account’s email address already belongs to another account here. ${ASK_IT}`],
    ['the logout token is not valid' satisfies Refusal['logoutTokenInvalid'], 'The logout token is not valid.'],
  ],
});

/** Said where an account was switched off: whom to ask, when the deployment names someone (SUPPORT_CONTACT). */
export const deactivatedSentence = (supportContact: string | null) =>
  `Your account has been deactivated. ${supportContact ? `Contact ${supportContact}.` : 'Ask the campus administration.'}`;

/**
 * The login page's sentence for each code a refused campus sign-in sends it with
 * (`/login?error=<code>`, SIGN_IN_ERROR_CODES). `Record` over the codes: a new code does not
 * compile until it has its sentence.
 */
const SIGN_IN_ERRORS: Record<SignInErrorCode, (supportContact: string | null) => string> = {
  no_role: () => 'Your campus account has no role in this portal. If you think it should, ask the registrar’s office.',
  claims_unusable: () => `Your campus account did not give this portal what it needs to make your account (a registration id, an email address and a name). ${ASK_IT}`,
  sign_in_provider_unknown: () => 'This way of logging in is not offered here. Start again from the login page.',
  sign_in_unavailable: () => 'The campus sign-in is not answering. Please try again in a few minutes.',
  sign_in_expired: () => 'This sign-in took too long or was already used. Please start again.',
  sign_in_failed: () => FAILED,
  sign_in_identity_taken: () => `Your registration id is already linked to another campus account. ${ASK_IT}`,
  sign_in_email_taken: () => `Your campus account’s email address already belongs to another account here. ${ASK_IT}`,
  account_deactivated: deactivatedSentence,
};

/**
 * What the login page says for `/login?error=…`: the sentence of the server's code, and for
 * anything else that the sign-in could not be completed. Anyone can write a link with any
 * `error`: nothing of it is shown, not even a part that looks like one of the server's messages.
 */
export const signInErrorSentence = (error: string, supportContact: string | null) =>
  isSignInErrorCode(error) ? SIGN_IN_ERRORS[error](supportContact) : FAILED;

/** The login page's words after a session ended without the person's logout (the 401's code). */
export function sessionEndSentence(code: SessionEndCode, supportContact: string | null): string {
  switch (code) {
    case 'account_deactivated':
      return deactivatedSentence(supportContact);
    case 'session_ended':
      return 'Your session ended (you were signed out on another device or your password was changed). Please log in again.';
    case 'session_expired':
      return 'Your session expired. Please log in again.';
  }
}
