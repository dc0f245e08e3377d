import { type AdminUpdateUserBody, type AuditAction, type FieldChange } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { sessions, users, type UserRow } from '../../db/schema';
import { endSessions } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import { isUuid } from '../../platform/http/ids';
import type { MailSecrets } from '../../platform/mail/mail-secrets';
import { audit, type AuditBy } from '../audit';
import { anotherActiveAdministrator, emailReplacedBySomeoneElse, examOfficeFits, issueInvitations, issueResetLink, removesAnAdministrator } from '../users';

/**
 * What the administration needs from outside the feature, bound once when its routes register:
 * the database, whether the portal sends mail (a reset link needs it), and the clock.
 */
export interface AdminDeps {
  db: Db;
  mailOn: boolean;
  /** Seals a reset link's token in the mail queue (app.mailSecrets). */
  mailSecrets: MailSecrets;
  now: () => Date;
}

export async function userOr404(db: Db, userId: string): Promise<UserRow> {
  const [row] = isUuid(userId) ? await db.select().from(users).where(eq(users.id, userId)).limit(1) : [];
  if (!row) throw refuse('user_not_found');
  return row;
}

/** Each field the body may change, by the entry that tells of it. */
const FIELDS_BY_ACTION = {
  'user.updated': ['fullname', 'email', 'semester', 'branch'],
  'user.role_changed': ['userrole', 'isExamOffice', 'isAdmin'],
} as const satisfies Partial<Record<AuditAction, readonly (keyof AdminUpdateUserBody)[]>>;

/** The fields of `keys` the change sets to another value than the row has, each as before and after. */
function changed(before: UserRow, change: AdminUpdateUserBody, keys: readonly (keyof AdminUpdateUserBody)[]): Record<string, FieldChange> | undefined {
  const out: Record<string, FieldChange> = {};
  for (const key of keys) {
    const to = change[key];
    if (to !== undefined && to !== before[key]) out[key] = { from: before[key], to };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * An administrator changes a user's fields, roles or state, in one transaction with the audit
 * entries that tell of it. Switching an account off deletes every session of it here; the caller
 * then tells every instance (`accountChanged`), whose cached copies and open streams end.
 *
 * The last active administrator stays one (the accounts' rule, `anotherActiveAdministrator`,
 * counted under its lock after this row is locked): of two administrators demoting each other at
 * once, or one demoted here while a campus sign-in demotes the other, the second waits for the
 * first, then finds itself the last one and is refused (409).
 */
export async function updateUser({ db, now }: AdminDeps, by: AuditBy, userId: string, change: AdminUpdateUserBody): Promise<UserRow> {
  if (!isUuid(userId)) throw refuse('user_not_found');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw refuse('user_not_found');
    if (removesAnAdministrator(before, change) && !(await anotherActiveAdministrator(tx, before.id))) throw refuse('last_admin');
    if (!examOfficeFits(before, change)) throw refuse('exam_office_professors_only');
    const entries: { action: AuditAction; changes: Record<string, FieldChange> }[] = [];
    for (const [action, keys] of Object.entries(FIELDS_BY_ACTION) as [AuditAction, readonly (keyof AdminUpdateUserBody)[]][]) {
      const changes = changed(before, change, keys);
      if (changes) entries.push({ action, changes });
    }
    const state = changed(before, change, ['active']);
    if (state) entries.push({ action: change.active ? 'user.reactivated' : 'user.deactivated', changes: state });
    if (entries.length === 0) return before;
    if (entries.some((e) => 'email' in e.changes)) await emailReplacedBySomeoneElse(tx, userId);
    const [after] = await tx.update(users).set({ ...change, updatedAt: now() }).where(eq(users.id, userId)).returning();
    if (!after) throw new Error('user vanished during an administrator’s update');
    if (change.active === false) await endSessions(tx, eq(sessions.userId, userId), 'account_deactivated');
    for (const { action, changes } of entries) await audit(tx, by, { action, targetId: userId, details: { changes } });
    return after;
  });
}

/**
 * Emails the user a reset link, written in the audit trail with it (503 with mail off). The email
 * names the administrator who sent it (`sentBy`), so the owner knows whom to ask about it.
 */
export async function sendResetLink({ db, mailOn, mailSecrets, now }: AdminDeps, by: AuditBy, userId: string, sentBy: string): Promise<void> {
  const user = await userOr404(db, userId);
  if (!mailOn) throw refuse('reset_unavailable');
  await db.transaction(async (tx) => {
    await issueResetLink(tx, mailSecrets, user, now(), sentBy);
    await audit(tx, by, { action: 'user.reset_link_sent', targetId: user.id });
  });
}

/**
 * Emails a user who has no password yet an invitation to set one (valid 7 days), naming the
 * administrator (`sentBy`), with its audit entry. 409 when the account has a password: it needs a
 * reset link, whose email says so; 503 with mail off. A campus sign-in account without a password
 * may be invited too: the password is then its second way in, as a reset link would make it.
 */
export async function inviteUser({ db, mailOn, mailSecrets, now }: AdminDeps, by: AuditBy, userId: string, sentBy: string): Promise<void> {
  const user = await userOr404(db, userId);
  if (!mailOn) throw refuse('invite_unavailable');
  await db.transaction(async (tx) => {
    // Read again under a lock: a password set meanwhile (by the user's own reset) is seen.
    const [row] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!row) throw refuse('user_not_found');
    if (row.passwordHash !== null) throw refuse('invite_has_password');
    await issueInvitations(tx, mailSecrets, [row], now(), sentBy);
    await audit(tx, by, { action: 'user.invited', targetId: row.id });
  });
}
