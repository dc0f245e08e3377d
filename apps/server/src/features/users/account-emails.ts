import { EMAIL_CHANGE_LINK_HOURS } from '@campus/contract';
import type { UserRow } from '../../db/schema';
import type { Config, MailConfig } from '../../platform/config/config';
import type { MailMessage } from '../../platform/mail/mail-queue';

/**
 * The words of the emails about changes to who one is: a new email address asked for (told to
 * the old address, confirmed at the new one) and a changed password. Subjects are fixed text.
 * Whatever a user typed (a name, an address) stands on a line of its own, flattened to that one
 * line, so that nothing in it can add lines that read as the portal's own.
 */

type Account = Pick<UserRow, 'email' | 'fullname' | 'registrationId'>;

/** A user-supplied value as a line of its own, indented; any line break in it becomes a space. */
const ownLine = (value: string) => `    ${value.replace(/[\r\n\u0085\u2028\u2029\v\f]+/g, ' ').trim()}`;

/** An instant as the campus reads it: "3 March 2026 at 14:05 (Asia/Kolkata)". */
function campusTime(config: Pick<Config, 'campusTimeZone'>, at: Date): string {
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: config.campusTimeZone }).format(at);
  return `${when} (${config.campusTimeZone})`;
}

export const EMAIL_CHANGE_REQUESTED_SUBJECT = 'A new email address was asked for your Campus Portal account';
export const EMAIL_CHANGE_CONFIRM_SUBJECT = 'Confirm the new email address of your Campus Portal account';
export const PASSWORD_CHANGED_SUBJECT = 'Your Campus Portal password was changed';

/** To the account's current address, at once: a change to `newEmail` was asked for, and what to do if it was not them. */
export function emailChangeRequestedEmail(account: Account, newEmail: string, at: Date, config: Pick<Config, 'campusTimeZone'>, mail: MailConfig): MailMessage {
  return {
    to: account.email,
    subject: EMAIL_CHANGE_REQUESTED_SUBJECT,
    text: [
      'Hello,',
      '',
      `On ${campusTime(config, at)}, someone logged in to the Campus Portal account ${account.registrationId} asked to change its email address from this one to:`,
      '',
      ownLine(newEmail),
      '',
      `The change takes effect only once the link sent to that address is opened (within ${EMAIL_CHANGE_LINK_HOURS} hours). Until then, this address stays the account's.`,
      '',
      'If this was you, there is nothing more to do here.',
      '',
      'If this was not you, someone knows your password:',
      `- change it at once at ${mail.linkOrigin}/change-password, or ask for a reset link at ${mail.linkOrigin}/forgot-password;`,
      "- tell the portal's administrators, who can put your address back if the change has already taken effect.",
    ].join('\n'),
  };
}

/**
 * To the new address: the link that makes it the account's.
 * CREDENTIAL: this text carries the link's token; whoever reads it can confirm the change.
 */
export function emailChangeConfirmationEmail(account: Account, newEmail: string, link: string): MailMessage {
  return {
    to: newEmail,
    subject: EMAIL_CHANGE_CONFIRM_SUBJECT,
    text: [
      'Hello,',
      '',
      `Someone, hopefully you, asked to make this address the email address of the Campus Portal account ${account.registrationId}, in the name of:`,
      '',
      ownLine(account.fullname),
      '',
      `Open this link within ${EMAIL_CHANGE_LINK_HOURS} hours to confirm it (it works once):`,
      '',
      link,
      '',
      'Until it is opened, the account keeps its current address.',
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  };
}

/** To the account's address after change-password: when, that the other sessions ended, and what to do if it was not them. */
export function passwordChangedEmail(account: Account, at: Date, config: Pick<Config, 'campusTimeZone'>, mail: MailConfig): MailMessage {
  return {
    to: account.email,
    subject: PASSWORD_CHANGED_SUBJECT,
    text: [
      'Hello,',
      '',
      `The password of your Campus Portal account ${account.registrationId} was changed on ${campusTime(config, at)} by someone logged in to it.`,
      'Every other session of the account was logged out.',
      '',
      'If this was you, there is nothing more to do.',
      '',
      `If this was not you, ask for a reset link at ${mail.linkOrigin}/forgot-password to choose a new password, and tell the portal's administrators.`,
    ].join('\n'),
  };
}
