import { audit } from '../audit';
import { randomBytes } from 'node:crypto';
import { EMAIL_CHANGE_LINK_HOURS } from '@campus/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { passwordResets, users, type UserRow } from '../../db/schema';
import { hashToken } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import type { AccountsDeps } from './accounts-deps';
import { refuse } from '../../platform/errors/app-error';
import { enqueueMail } from '../../platform/mail/mail-queue';
import { emailChangeConfirmEmail, emailChangeRequestedEmail } from './account-emails';

/** How long the link emailed to a new address works. */
const EMAIL_CHANGE_LINK_TTL_MS = EMAIL_CHANGE_LINK_HOURS * 3_600_000;

/** Emails are the same address whatever their case (the unique index is on lower(email)). */
export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether another account has `email` (any case). */
async function addressTaken(db: Db, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** The fields update-account sets at once, whatever happens to the email. */
export type ProfileFields = Pick<UserRow, 'fullname' | 'branch' | 'semester'>;

/**
 * Update-account with mail on and a new email (the caller checked the password): the profile
 * fields change now; the email waits for its link. In one transaction: the profile as
 * `profileOf` makes it (update-account's, checked on the locked row), the new address checked
 * free, a token made (only its hash stored; any older pending change and its link are replaced),
 * the old address told of the request and the new one sent the link.
 */
export async function requestEmailChange({ db, mailSecrets, now: clock }: AccountsDeps, user: UserRow, newEmail: string, profileOf: (tx: Db) => Promise<ProfileFields>): Promise<UserRow> {
  const token = randomBytes(32).toString('base64url');
  const now = clock();
  return db.transaction(async (tx) => {
    const profile = await profileOf(tx);
    if (await addressTaken(tx, newEmail, user.id)) throw refuse('email_taken');
    const [row] = await tx
      .update(users)
      .set({
        ...profile,
        pendingEmail: newEmail,
        emailChangeTokenHash: hashToken(token),
        emailChangeExpiresAt: new Date(now.getTime() + EMAIL_CHANGE_LINK_TTL_MS),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw new Error('user vanished during email change');
    const who = { fullname: row.fullname, registrationId: row.registrationId };
    await enqueueMail(tx, [
      emailChangeRequestedEmail.message(row.email, { ...who, newEmail, at: now.toISOString() }),
      emailChangeConfirmEmail.message(newEmail, who, { secret: { token } }),
    ], mailSecrets);
    return row;
  });
}

/** No pending change: what an email set at once leaves behind (and any older link stops working). */
export const NO_PENDING_EMAIL = { pendingEmail: null, emailChangeTokenHash: null, emailChangeExpiresAt: null } as const;

/**
 * An administrator set the user's email: a change the user asked for earlier no longer stands
 * (its link stops working), and reset links sent to the old address stop working too — the
 * address may be why the administrator was asked.
 */
export async function emailReplacedBySomeoneElse(tx: Db, userId: string): Promise<void> {
  await tx.update(users).set(NO_PENDING_EMAIL).where(eq(users.id, userId));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/**
 * Confirm-email: the pending address of the link's user becomes their email, once. In one
 * transaction, the user's row locked so that of two requests racing with the same link only the
 * first finds the change still pending: the address is checked still free (409 otherwise, the
 * link kept), the email set, and the user's outstanding password reset links dropped (they went
 * to the address the account no longer has). Returns the user, whose caches the caller then
 * forgets on every instance.
 */
export async function confirmEmailChange({ db, now: clock }: AccountsDeps, ip: string, token: string): Promise<UserRow> {
  const tokenHash = hashToken(token);
  const now = clock();
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.emailChangeTokenHash, tokenHash)).limit(1).for('update');
    if (!user) throw refuse('email_token_unknown');
    if (user.pendingEmail === null) throw refuse('email_token_used');
    if (!user.emailChangeExpiresAt || user.emailChangeExpiresAt <= now) throw refuse('email_token_expired');
    if (await addressTaken(tx, user.pendingEmail, user.id)) throw refuse('email_taken');
    // The hash stays: a second use of the link is then told it was used.
    const [row] = await tx
      .update(users)
      .set({ email: user.pendingEmail, pendingEmail: null, emailChangeExpiresAt: null, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw new Error('user vanished during email confirmation');
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    // Whoever opens the link acts for the account: it was sent to the address it asked for.
    await audit(tx, { actorId: user.id, ip }, { action: 'user.email_changed', targetId: user.id, details: { changes: { email: { from: user.email, to: row.email } } } });
    return row;
  });
}
