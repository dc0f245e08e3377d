import { audit, type AuditBy, type Device } from '../audit';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { ROLES, type FieldChange, type RegisterBody, type UpdateAccountBody } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';
import { dummyVerify, hashPassword, isCommonPassword, verifyPassword } from '../../platform/auth/passwords';
import type { AccountsDeps, SetupAccount, SignupRules } from './accounts-deps';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import { deleteFileRow, insertFileRow } from '../../platform/files/files.service';
import type { StoredUpload } from '../../platform/files/upload';
import { enqueueMail } from '../../platform/mail/mail-queue';
import { passwordChangedEmail } from './account-emails';
import { assertOwnerMayUpdate } from './account-rules';
import { NO_PENDING_EMAIL, requestEmailChange, sameAddress, type ProfileFields } from './email-change';

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByRegistrationId(db: Db, registrationId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.registrationId, registrationId)).limit(1);
  return row;
}

/** Compares the staff code without leaking its length or prefix through timing. */
function staffCodeMatches(given: string | undefined, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

export function assertPasswordAllowed(password: string, field: string): void {
  if (isCommonPassword(password)) throw refuse('password_too_common', { field });
}

/**
 * Signs a user up with their avatar. The avatar bytes are already durable; the file row and the
 * user row are written in one transaction, and the caller deletes the bytes if this throws.
 */
export async function registerUser(db: Db, rules: SignupRules, body: RegisterBody, avatar: StoredUpload): Promise<UserRow> {
  if (body.registrationId === rules.reservedRegistrationId) {
    throw refuse('registration_id_reserved');
  }
  if (body.userrole === ROLES.PROFESSOR && rules.staffSignupCode !== undefined && !staffCodeMatches(body.staffcode, rules.staffSignupCode)) {
    throw refuse('staff_code_required');
  }
  assertPasswordAllowed(body.password, 'password');
  const passwordHash = await hashPassword(body.password);
  const userId = randomUUID();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        id: userId,
        registrationId: body.registrationId,
        email: body.email,
        fullname: body.fullname,
        semester: body.semester,
        branch: body.branch,
        userrole: body.userrole,
        passwordHash,
        isExamOffice: false,
      })
      .returning();
    const file = await insertFileRow(tx, avatar, 'avatar', userId);
    const [withAvatar] = await tx.update(users).set({ avatarFileId: file.id }).where(eq(users.id, userId)).returning();
    if (!user || !withAvatar) throw new Error('user not inserted');
    return withAvatar;
  });
}

/** The user for a registration id and password, or null; same cost whether or not the id exists. */
export async function authenticate(db: Db, registrationId: number, password: string): Promise<UserRow | null> {
  const user = await findUserByRegistrationId(db, registrationId);
  if (!user) {
    await dummyVerify(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/**
 * Replaces the avatar in one transaction. The old file's row goes with it; its storage key is
 * returned for the caller to remove once committed (`removeStored`).
 */
export async function replaceAvatar(db: Db, user: UserRow, avatar: StoredUpload): Promise<{ user: UserRow; oldKey: string | undefined }> {
  return db.transaction(async (tx) => {
    const file = await insertFileRow(tx, avatar, 'avatar', user.id);
    const [row] = await tx.update(users).set({ avatarFileId: file.id, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
    const oldKey = user.avatarFileId ? await deleteFileRow(tx, user.avatarFileId) : undefined;
    if (!row) throw new Error('user vanished during avatar update');
    return { user: row, oldKey };
  });
}

/** Whether update-account's body changes the email (compared ignoring case): then it needs the current password. */
export const changesEmail = (user: UserRow, body: UpdateAccountBody) => !sameAddress(body.email, user.email);

/**
 * Update-account (the caller checked the current password when the email changes). Name, branch
 * and semester change at once (a branch or semester left out keeps the account's own). So does
 * the email when it is the same address (its case may change) or when mail is off; with mail on,
 * a new address waits for its link (requestEmailChange). An email set at once ends any change
 * still pending.
 *
 * The row is locked and the registrar's fields checked again on it, not only on the session's
 * copy, which may be seconds old: a semester and branch chosen once (decision 0030) cannot be
 * chosen twice by two requests at once, nor a value left out written back from a stale copy.
 * Choosing them is written in the audit trail, as a change of the registrar's record.
 */
export async function updateAccount(deps: AccountsDeps, by: AuditBy, user: UserRow, body: UpdateAccountBody): Promise<UserRow> {
  const { db, mailOn, now } = deps;
  const newAddress = changesEmail(user, body);
  const profileOf = async (tx: Db): Promise<ProfileFields> => {
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!current) throw new Error('user vanished during account update');
    assertOwnerMayUpdate(current, body);
    const profile = { fullname: body.fullname, branch: body.branch ?? current.branch, semester: body.semester ?? current.semester };
    const chosen: Record<string, FieldChange> = {};
    for (const field of ['semester', 'branch'] as const) if (current.managed && current[field] !== profile[field]) chosen[field] = { from: current[field], to: profile[field] };
    if (Object.keys(chosen).length > 0) await audit(tx, by, { action: 'user.updated', targetId: user.id, details: { changes: chosen } });
    return profile;
  };
  if (newAddress && mailOn) return requestEmailChange(deps, user, body.email, profileOf);
  return db.transaction(async (tx) => {
    const profile = await profileOf(tx);
    const [row] = await tx
      .update(users)
      .set({ ...profile, email: body.email, ...(newAddress ? NO_PENDING_EMAIL : {}), updatedAt: now() })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw new Error('user vanished during account update');
    if (newAddress) await audit(tx, by, { action: 'user.email_changed', targetId: user.id, details: { changes: { email: { from: user.email, to: row.email } } } });
    return row;
  });
}

/** The proof that the caller knows the account's password, sent as `field` (400 naming it otherwise). */
export async function assertPassword(user: UserRow, password: string, field: 'oldpassword' | 'currentPassword'): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw refuse('field_incorrect', { field });
}

/** Sets a new password; with mail on, the account's address is told in the same transaction. */
export async function changePassword({ db, mailOn, now: clock }: AccountsDeps, by: AuditBy, user: UserRow, newPassword: string): Promise<void> {
  assertPasswordAllowed(newPassword, 'newpassword');
  const passwordHash = await hashPassword(newPassword);
  const now = clock();
  await db.transaction(async (tx) => {
    // A pending email change ends with it: the owner who changes the password after the notice
    // of a change they did not ask for stops it there.
    await tx.update(users).set({ passwordHash, ...NO_PENDING_EMAIL, updatedAt: now }).where(eq(users.id, user.id));
    if (mailOn) await enqueueMail(tx, [passwordChangedEmail.message(user.email, { fullname: user.fullname, registrationId: user.registrationId, at: now.toISOString(), via: 'change' })]);
    await audit(tx, by, { action: 'user.password_changed', targetId: user.id });
  });
}

/**
 * After a login: the browser is remembered for the account (`remember`), and a browser the
 * account did not know is written in its audit trail, in the same transaction.
 */
export async function recordSignIn(db: Db, by: AuditBy, userId: string, remember: (tx: Db) => Promise<boolean>, device?: Device): Promise<void> {
  await db.transaction(async (tx) => {
    // The browser and system, so the log can tell one device from another (and fold repeats).
    if (await remember(tx)) await audit(tx, by, { action: 'user.signed_in_new_device', targetId: userId, details: device ? { device } : {} });
  });
}

/**
 * Creates a staff account at start-up when its password is set and no account holds its
 * registration id; never through public signup. An existing account is left alone (its roles
 * and password are data, which an administrator may have changed since).
 */
async function ensureSetupAccount(db: Db, account: SetupAccount, fullname: string, roles: { isExamOffice: boolean; isAdmin: boolean }): Promise<void> {
  const { registrationId, password, email } = account;
  if (!password) return;
  if (await findUserByRegistrationId(db, registrationId)) return;
  await db
    .insert(users)
    .values({
      id: randomUUID(),
      registrationId,
      email,
      fullname,
      semester: 8,
      branch: 'Computer Engineering',
      userrole: ROLES.PROFESSOR,
      passwordHash: await hashPassword(password),
      ...roles,
    })
    .onConflictDoNothing();
}

/** The exam office account (EXAM_OFFICE_PASSWORD): the first member of the exam office. */
export const ensureExamOffice = (db: Db, office: SetupAccount) => ensureSetupAccount(db, office, 'Exam Office', { isExamOffice: true, isAdmin: false });

/** The first administrator (ADMIN_PASSWORD); more are made through the administration calls. */
export const ensureAdmin = (db: Db, admin: SetupAccount) => ensureSetupAccount(db, admin, 'Administrator', { isExamOffice: false, isAdmin: true });
