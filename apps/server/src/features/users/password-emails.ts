import { z } from 'zod';
import { mailTemplate } from '../../platform/mail/mail-template';
import { oneLine } from '../../platform/mail/mail-text';

/** How long an emailed reset link works (API.md "Users"). */
export const RESET_LINK_TTL_MS = 30 * 60_000;

/** The web app's pages these emails lead to. */
const RESET_PAGE = '/reset-password';
const FORGOT_PAGE = '/forgot-password';

/** The reset link: the web app's page, with the token (which the request log never writes). */
export const resetLink = (origin: string, token: string) => `${origin}${RESET_PAGE}?${new URLSearchParams({ token })}`;

/** Who an account email greets: the name on the account, and its registration id. */
const account = { fullname: z.string(), registrationId: z.number().int() };

/**
 * The reset link, to the account's address. The token is the job's secret part: the worker
 * clears it once the email is sent or given up, so the database does not keep a working link.
 */
export const passwordResetEmail = mailTemplate({
  name: 'password-reset',
  priority: 'urgent',
  params: z.object(account),
  secret: z.object({ token: z.string() }),
  render: ({ fullname, registrationId }, { token }, { origin }) => ({
    subject: 'Reset your Campus Portal password',
    text: [
      `Hello ${oneLine(fullname)},`,
      '',
      `Someone, hopefully you, asked to reset the password of the Campus Portal account ${registrationId}.`,
      `Open this link within ${RESET_LINK_TTL_MS / 60_000} minutes to choose a new password (it works once, and choosing one ends every other reset link of the account):`,
      '',
      resetLink(origin, token),
      '',
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  }),
});

/** The notice that a reset link was used: when, and what it ended. */
export const passwordChangedEmail = mailTemplate({
  name: 'password-changed',
  priority: 'urgent',
  params: z.object({ ...account, at: z.iso.datetime() }),
  render: ({ fullname, registrationId, at }, _secret, { origin, config }) => {
    const tz = config.campusTimeZone;
    const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: tz }).format(new Date(at));
    return {
      subject: 'Your Campus Portal password was changed',
      text: [
        `Hello ${oneLine(fullname)},`,
        '',
        `The password of your Campus Portal account ${registrationId} was changed on ${when} (${tz}) with a reset link sent to this address.`,
        'Every session of the account was logged out, and every browser the account was used in is no longer remembered: each logs in anew with the new password.',
        '',
        `If this was not you, ask for a new reset link at ${origin}${FORGOT_PAGE} and tell the portal's administrators.`,
      ].join('\n'),
    };
  },
});

/** The emails of the users feature, which it adds to `app.mailTemplates`. */
export const USERS_MAIL_TEMPLATES = [passwordResetEmail, passwordChangedEmail];
