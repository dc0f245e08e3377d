import { randomBytes } from 'node:crypto';
import { fieldLabel } from '@campus/contract';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { passwordResets, sessions, users, type UserRow } from '../../db/schema';
import { hashToken } from '../../platform/auth/sessions';
import { hashPassword } from '../../platform/auth/passwords';
import type { Config, MailConfig } from '../../platform/config/config';
import type { Db } from '../../platform/db/database';
import { badRequest } from '../../platform/errors/app-error';
import { enqueueMail } from '../../platform/mail/mail-queue';
import { assertPasswordAllowed, findUserByRegistrationId } from './users.service';

/** How long an emailed reset link works (API.md "Users"). */
export const RESET_LINK_TTL_MS = 30 * 60_000;

/**
 * Forgot-password answers no sooner than this after it arrived, whether or not the account
 * exists: the work for an existing one (a token, an email queued) is well within it, so the
 * answer's timing tells nothing.
 */
export const FORGOT_PASSWORD_FLOOR_MS = 300;

/** The page of the web app a reset link opens. */
export const resetLink = (mail: MailConfig, token: string) => `${mail.linkOrigin}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * Sends the account of `registrationId` a reset link, when there is one: its older links stop
 * working, and the new link's token is stored hashed, in the transaction that queues the email.
 * An unknown id does nothing; the caller answers the same either way.
 */
export async function requestPasswordReset(db: Db, config: Config, mail: MailConfig, registrationId: number): Promise<void> {
  const user = await findUserByRegistrationId(db, registrationId);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const now = config.now();
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.insert(passwordResets).values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS) });
    await enqueueMail(tx, [resetEmail(user, resetLink(mail, token))]);
  });
}

function resetEmail(user: UserRow, link: string) {
  return {
    to: user.email,
    subject: 'Reset your Campus Portal password',
    text: [
      `Hello ${user.fullname},`,
      '',
      `Someone, hopefully you, asked to reset the password of the Campus Portal account ${user.registrationId}.`,
      'Open this link within 30 minutes to choose a new password (it works once):',
      '',
      link,
      '',
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/** Why a token cannot be used, said plainly: the page offers a new link either way. */
const TOKEN_REFUSALS = {
  unknown: `${fieldLabel('token')} is not valid; ask for a new reset link`,
  used: `${fieldLabel('token')} has already been used; ask for a new reset link`,
  expired: `${fieldLabel('token')} has expired; ask for a new reset link`,
};

/**
 * Sets a new password with a reset link's token, in one transaction: the token is taken (single
 * use: only one of two requests racing with it finds `used_at` still null), the password set,
 * every session of the user deleted, and the "your password was changed" email queued (when
 * mail is on). Returns the user, whose caches the caller then forgets on every instance.
 */
export async function resetPassword(db: Db, config: Config, token: string, newPassword: string): Promise<UserRow> {
  // Checked before the token is taken: a refused password does not spend the link.
  assertPasswordAllowed(newPassword, 'newpassword');
  const passwordHash = await hashPassword(newPassword);
  const tokenHash = hashToken(token);
  const now = config.now();
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!taken) {
      const [row] = await tx.select({ usedAt: passwordResets.usedAt }).from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
      throw badRequest(!row ? TOKEN_REFUSALS.unknown : row.usedAt ? TOKEN_REFUSALS.used : TOKEN_REFUSALS.expired);
    }
    const [user] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, taken.userId)).returning();
    if (!user) throw new Error('user vanished during password reset');
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // Any other link of theirs is moot now (there is at most the one just used, and older ones).
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), ne(passwordResets.tokenHash, tokenHash)));
    if (config.mail) await enqueueMail(tx, [changedEmail(user, config, now)]);
    return user;
  });
}

function changedEmail(user: UserRow, config: Config, at: Date) {
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: config.campusTimeZone }).format(at);
  return {
    to: user.email,
    subject: 'Your Campus Portal password was changed',
    text: [
      `Hello ${user.fullname},`,
      '',
      `The password of your Campus Portal account ${user.registrationId} was changed on ${when} (${config.campusTimeZone}) with a reset link sent to this address.`,
      'Every session of the account was logged out.',
      '',
      `If this was not you, ask for a new reset link at ${config.mail!.linkOrigin}/forgot-password and tell the portal's administrators.`,
    ].join('\n'),
  };
}
