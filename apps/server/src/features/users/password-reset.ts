import { audit } from '../audit';
import { endFeed } from '../calendar';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import { knownDevices, passwordResets, sessions, users, type UserRow } from '../../db/schema';
import { endSessions, hashToken } from '../../platform/auth/sessions';
import { hashPassword } from '../../platform/auth/passwords';
import type { AccountsDeps } from './accounts-deps';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import { enqueueMail } from '../../platform/mail/mail-queue';
import type { MailSecrets } from '../../platform/mail/mail-secrets';
import { NO_PENDING_EMAIL } from './email-change';
import { INVITATION_TTL_MS, RESET_LINK_TTL_MS, invitationEmail, passwordChangedEmail, passwordResetEmail } from './account-emails';
import { assertPasswordAllowed, findUserByRegistrationId } from './users.service';

export { INVITATION_TTL_MS, RESET_LINK_TTL_MS };

/**
 * Forgot-password answers no sooner than this after it arrived, whether or not the account
 * exists and whether or not an email went: the work for an existing one (a token, an email
 * queued) is well within it, so the answer's timing tells nothing.
 */
export const FORGOT_PASSWORD_FLOOR_MS = 300;

/**
 * Sends the account of `registrationId` a reset link, when there is one. Earlier links keep
 * working: a flood of requests by someone else must not void the one the owner is about to open.
 * The new link's token is stored hashed, in the transaction that queues the email.
 *
 * `overLimit`: the account's hourly allowance of links is spent. Then nothing is sent while a
 * link already sent still works (the inbox holds a way in), and one more when none does: a
 * flood can fill the owner's inbox only so far, and never leave it without a working link.
 * An unknown id does nothing; the caller answers the same in every case.
 */
export async function requestPasswordReset({ db, mailSecrets, now: clock }: AccountsDeps, registrationId: number, overLimit: boolean): Promise<void> {
  const user = await findUserByRegistrationId(db, registrationId);
  if (!user) return;
  const now = clock();
  await db.transaction(async (tx) => {
    // Links past their time say nothing any more: the account's rows stay few.
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), lte(passwordResets.expiresAt, now)));
    if (overLimit) {
      const [live] = await tx
        .select({ tokenHash: passwordResets.tokenHash })
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .limit(1);
      if (live) return;
    }
    await issueResetLink(tx, mailSecrets, user, now);
  });
}

/**
 * A new reset link for `user`, inside the caller's transaction: its token stored hashed, and the
 * email carrying it queued, the token sealed (`mailSecrets`): a job waiting out a relay outage,
 * or copied into a backup, holds no working link. Forgot-password and an administrator's "send a
 * reset link" both send it; the administrator's names them (`sentBy`). An account with no
 * password yet is asked to set one, not to reset it.
 */
export async function issueResetLink(tx: Db, mailSecrets: MailSecrets, user: UserRow, now: Date, sentBy?: string): Promise<void> {
  const token = await storeToken(tx, user, now, RESET_LINK_TTL_MS);
  const params = { fullname: user.fullname, registrationId: user.registrationId, first: user.passwordHash === null, ...(sentBy === undefined ? {} : { sentBy }) };
  await enqueueMail(tx, [passwordResetEmail.message(user.email, params, { secret: { token } })], mailSecrets);
}

/**
 * An administrator's invitation to set a first password, to each of `invitees` (`sentBy` is the
 * administrator's name), inside the caller's transaction: one statement for the tokens and one
 * for the emails, however many a roster brought. Each is a reset link that works for
 * INVITATION_TTL_MS, kept where reset links are: setting the password takes it as it takes one,
 * and ends the account's other links.
 */
export async function issueInvitations(tx: Db, mailSecrets: MailSecrets, invitees: UserRow[], now: Date, sentBy: string): Promise<void> {
  if (invitees.length === 0) return;
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const tokens = invitees.map(() => randomBytes(32).toString('base64url'));
  await tx.insert(passwordResets).values(invitees.map((user, i) => ({ tokenHash: hashToken(tokens[i]!), userId: user.id, createdAt: now, expiresAt })));
  const emails = invitees.map((user, i) => invitationEmail.message(user.email, { fullname: user.fullname, registrationId: user.registrationId, sentBy }, { secret: { token: tokens[i]! } }));
  await enqueueMail(tx, emails, mailSecrets);
}

/** A new single-use token for `user`, stored hashed, working for `ttlMs`; the token itself is returned, for the email only. */
async function storeToken(tx: Db, user: UserRow, now: Date, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(passwordResets).values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}

/**
 * Sets a new password with a reset link's token, in one transaction: the token is taken (single
 * use: only one of two requests racing with it finds `used_at` still null), the password set,
 * every session of the user deleted, every other link of theirs deleted, every browser
 * remembered for the account forgotten (the login throttle's device cookies: whoever reset the
 * password starts afresh), the calendar feed's address ended, and the "your password was
 * changed" email queued (when mail is on).
 * Returns the user, whose caches the caller then forgets on every instance.
 */
export async function resetPassword({ db, mailOn, now: clock }: AccountsDeps, ip: string, token: string, newPassword: string): Promise<UserRow> {
  // Checked before the token is taken: a refused password does not spend the link.
  assertPasswordAllowed(newPassword, 'newpassword');
  const passwordHash = await hashPassword(newPassword);
  const tokenHash = hashToken(token);
  const now = clock();
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!taken) {
      const [row] = await tx.select({ usedAt: passwordResets.usedAt }).from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
      // Why the token cannot be used, said plainly: the page offers a new link either way.
      throw refuse(!row ? 'reset_token_unknown' : row.usedAt ? 'reset_token_used' : 'reset_token_expired');
    }
    // An email change still waiting for its link ends too: whoever asked for it may be who the
    // owner is taking the account back from.
    const [user] = await tx.update(users).set({ passwordHash, ...NO_PENDING_EMAIL, updatedAt: now }).where(eq(users.id, taken.userId)).returning();
    if (!user) throw new Error('user vanished during password reset');
    await endSessions(tx, eq(sessions.userId, user.id), 'session_ended', now);
    // Using one link ends them all (the used one stays, to say so if it comes again).
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), ne(passwordResets.tokenHash, tokenHash)));
    await tx.delete(knownDevices).where(eq(knownDevices.userId, user.id));
    // The calendar feed's address works without a session: whoever the owner takes the account
    // back from may have copied it (a new one is made when the owner asks).
    await endFeed(tx, user.id);
    // The link's holder acts for the account: it went to the account's own address.
    await audit(tx, { actorId: user.id, ip }, { action: 'user.password_reset', targetId: user.id });
    if (mailOn) {
      await enqueueMail(tx, [passwordChangedEmail.message(user.email, { fullname: user.fullname, registrationId: user.registrationId, at: now.toISOString(), via: 'reset' })]);
    }
    return user;
  });
}
