import { EMAIL_CHANGE_LINK_HOURS, pages } from '@campus/contract';
import { z } from 'zod';
import type { Config } from '../../platform/config/config';
import { mailTemplate } from '../../platform/mail/mail-template';
import { greeting, oneLine } from '../../platform/mail/mail-text';

/**
 * The words of every email about the account itself: a reset link, a changed password, a new
 * email address asked for (told to the old address, confirmed at the new one). All are `urgent`:
 * the person is waiting for them, or must know at once. Whatever a user typed (a name, an
 * address) goes through `oneLine`, so that nothing in it adds lines that read as the portal's.
 */

/** How long an emailed reset link works. */
export const RESET_LINK_TTL_MS = 30 * 60_000;

/**
 * How long an administrator's invitation to set a first password works: a week, as a new
 * student may not read the campus address the day the registrar loads the class.
 */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
const INVITATION_DAYS = INVITATION_TTL_MS / (24 * 60 * 60_000);

/**
 * The link a reset or an invitation carries; `first` (the account has no password yet) makes the
 * page say "set your password" instead of "reset". The flag only chooses words: the token decides.
 */
const resetLink = (origin: string, token: string, first = false) => `${origin}${pages.resetPassword(token)}${first ? '&first=1' : ''}`;
const confirmEmailLink = (origin: string, token: string) => `${origin}${pages.confirmEmail(token)}`;

/** The subjects, with the portal's name (MailContext.campusName); tests look emails up by them. */
export const accountEmailSubjects = (campus: string) => ({
  passwordReset: `Reset your ${campus} password`,
  firstPassword: `Set your ${campus} password`,
  invitation: `Your ${campus} account is ready: set your password`,
  passwordChanged: `Your ${campus} password was changed`,
  emailChangeRequested: `A new email address was asked for your ${campus} account`,
  emailChangeConfirm: `Confirm the new email address of your ${campus} account`,
});

/** Who an account email greets: the name on the account, and its registration id. */
const account = { fullname: z.string(), registrationId: z.number().int() };

/** An instant as the campus reads it: "3 March 2026 at 14:05 (Asia/Kolkata)". */
function campusTime(config: Pick<Config, 'campusTimeZone'>, at: string): string {
  const tz = config.campusTimeZone;
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: tz }).format(new Date(at))} (${tz})`;
}

/**
 * The reset link, to the account's address. The token is the job's secret part: sealed while it
 * waits in the queue (opened only to render the email), and cleared once the email is sent or
 * given up, so the database never holds a working link.
 *
 * `first`: the account has no password yet (a roster account), so the email asks to set one
 * rather than to reset it. `sentBy`: the administrator who sent it ("Send a reset link"), named
 * so that the owner knows whom to ask; absent when the owner asked (forgot-password).
 */
export const passwordResetEmail = mailTemplate({
  name: 'password-reset',
  priority: 'urgent',
  params: z.object({ ...account, first: z.boolean().optional(), sentBy: z.string().optional() }),
  secret: z.object({ token: z.string() }),
  render: ({ fullname, registrationId, first, sentBy }, { token }, { origin, campusName }) => {
    const subjects = accountEmailSubjects(campusName);
    const what = first ? 'set the first password' : 'reset the password';
    const asked = sentBy ? `${oneLine(sentBy)}, an administrator of ${campusName}, sent you a link to ${what} of the account ${registrationId}.` : `Someone, hopefully you, asked to ${what} of the ${campusName} account ${registrationId}.`;
    return {
      subject: first ? subjects.firstPassword : subjects.passwordReset,
      text: [
        greeting(fullname),
        '',
        asked,
        `Open this link within ${RESET_LINK_TTL_MS / 60_000} minutes to ${first ? 'set your password' : 'choose a new password'} (it works once, and using it ends every other link of the account):`,
        '',
        resetLink(origin, token, first),
        '',
        sentBy
          ? `If you did not expect it, ask ${oneLine(sentBy)} or the campus administration why it was sent.`
          : `If you did not ask for it, ignore this email: ${first ? 'the account stays without a password' : 'your password stays as it is'}.`,
      ].join('\n'),
    };
  },
});

/**
 * An administrator's invitation to a new account (one the registrar's roster made): its owner
 * sets a first password with the link, within INVITATION_TTL_MS. The token is sealed in the
 * queue as a reset link's is; `sentBy` names the administrator who sent it.
 */
export const invitationEmail = mailTemplate({
  name: 'invitation',
  priority: 'urgent',
  params: z.object({ ...account, sentBy: z.string() }),
  secret: z.object({ token: z.string() }),
  render: ({ fullname, registrationId, sentBy }, { token }, { origin, campusName }) => ({
    subject: accountEmailSubjects(campusName).invitation,
    text: [
      greeting(fullname),
      '',
      `Your campus has set up your account on ${campusName}: registration ID ${registrationId}.`,
      `${oneLine(sentBy)}, an administrator of ${campusName}, sent you this invitation.`,
      '',
      `Open this link within ${INVITATION_DAYS} days to set your password (it works once):`,
      '',
      resetLink(origin, token, true),
      '',
      `Then log in with your registration ID and that password. If the link has expired, ask for a new one at ${origin}${pages.forgotPassword}.`,
      `If you did not expect this email, ask ${oneLine(sentBy)} or the campus administration.`,
    ].join('\n'),
  }),
});

/** What each way of changing a password ended, said in the notice. */
const PASSWORD_CHANGE_WAYS = {
  reset: {
    how: 'with a reset link sent to this address',
    ended: 'Every session of the account was logged out, and every browser the account was used in is no longer remembered: each logs in anew with the new password.',
  },
  change: {
    how: 'by someone logged in to it',
    ended: 'Every other session of the account was logged out.',
  },
} as const;

/** The notice that the password changed (by a reset link or on the change-password page): when, and what it ended. */
export const passwordChangedEmail = mailTemplate({
  name: 'password-changed',
  priority: 'urgent',
  params: z.object({ ...account, at: z.iso.datetime(), via: z.enum(['reset', 'change']).default('reset') }),
  render: ({ fullname, registrationId, at, via }, _secret, { origin, campusName, config }) => ({
    subject: accountEmailSubjects(campusName).passwordChanged,
    text: [
      greeting(fullname),
      '',
      `The password of your ${campusName} account ${registrationId} was changed on ${campusTime(config, at)} ${PASSWORD_CHANGE_WAYS[via].how}.`,
      PASSWORD_CHANGE_WAYS[via].ended,
      '',
      `If this was not you, ask for a new reset link at ${origin}${pages.forgotPassword} and tell the portal's administrators.`,
    ].join('\n'),
  }),
});

/** To the account's current address, at once: a change to `newEmail` was asked for, and what to do if it was not them. */
export const emailChangeRequestedEmail = mailTemplate({
  name: 'email-change-requested',
  priority: 'urgent',
  params: z.object({ ...account, newEmail: z.string(), at: z.iso.datetime() }),
  render: ({ fullname, registrationId, newEmail, at }, _secret, { origin, campusName, config }) => ({
    subject: accountEmailSubjects(campusName).emailChangeRequested,
    text: [
      greeting(fullname),
      '',
      `On ${campusTime(config, at)}, someone logged in to the ${campusName} account ${registrationId} asked to change its email address from this one to:`,
      '',
      `    ${oneLine(newEmail)}`,
      '',
      `The change takes effect only once the link sent to that address is opened (within ${EMAIL_CHANGE_LINK_HOURS} hours). Until then, this address stays the account's.`,
      '',
      'If this was you, there is nothing more to do here.',
      '',
      'If this was not you, someone knows your password:',
      `- change it at once at ${origin}${pages.changePassword}, or ask for a reset link at ${origin}${pages.forgotPassword};`,
      "- tell the portal's administrators, who can put your address back if the change has already taken effect.",
    ].join('\n'),
  }),
});

/** To the new address: the link that makes it the account's. The token is the job's secret part, sealed in the queue like a reset link's. */
export const emailChangeConfirmEmail = mailTemplate({
  name: 'email-change-confirm',
  priority: 'urgent',
  params: z.object(account),
  secret: z.object({ token: z.string() }),
  render: ({ fullname, registrationId }, { token }, { origin, campusName }) => ({
    subject: accountEmailSubjects(campusName).emailChangeConfirm,
    text: [
      greeting(fullname),
      '',
      `Someone, hopefully you, asked to make this address the email address of the ${campusName} account ${registrationId}, in the name of:`,
      '',
      `    ${oneLine(fullname)}`,
      '',
      `Open this link within ${EMAIL_CHANGE_LINK_HOURS} hours to confirm it (it works once):`,
      '',
      confirmEmailLink(origin, token),
      '',
      'Until it is opened, the account keeps its current address.',
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  }),
});

/** The emails of the users feature, which it adds to `app.mailTemplates`. */
export const USERS_MAIL_TEMPLATES = [passwordResetEmail, invitationEmail, passwordChangedEmail, emailChangeRequestedEmail, emailChangeConfirmEmail];
