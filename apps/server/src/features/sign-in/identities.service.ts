import { randomUUID } from 'node:crypto';
import { refusal, type FieldChange, type Refusal, type SignInErrorCode } from '@campus/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { identities, users, type UserRow } from '../../db/schema';
import type { SignInProviderConfig } from '../../platform/config/config';
import type { Db } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/constraint-errors';
import { audit, type AuditBy } from '../audit';
import { anotherActiveAdministrator, emailReplacedBySomeoneElse } from '../users';
import { readClaims, roleColumns, type ClaimedAccount, type MatchedRule } from './claims';

/** A person as a provider vouched for them: its subject (OIDC `sub`, SAML NameID) and what it released. */
export interface CampusIdentity {
  subject: string;
  claims: Record<string, unknown>;
}

export type SignInOutcome =
  | { kind: 'signedIn'; user: UserRow }
  /** An account made by public signup holds the registration id: its password links them (`linkWithPassword`). */
  | { kind: 'needsPassword'; user: UserRow }
  /**
   * `code` goes in the login page's address (`/login?error=`); `refusal` is the catalogue's refusal
   * in full (a missing claim names it), for the link call's answer, the log and an administrator's test.
   */
  | { kind: 'refused'; code: SignInErrorCode; refusal: Refusal };

/** A refusal that ends the transaction, writing nothing. */
class Refused extends Error {
  readonly refusal: Refusal;
  constructor(readonly code: SignInErrorCode) {
    const r = refusal(code);
    super(r.message);
    this.refusal = r;
  }
}

const refused = (code: SignInErrorCode, why: Refusal = refusal(code)): SignInOutcome => ({ kind: 'refused', code, refusal: why });

/**
 * Signs a campus identity in: the account linked to it, else the account with its registration
 * id (linked now when the roster made it, or when `passwordGiven` says its owner proved the
 * password of a signup account), else a new managed account. The claims are applied every time
 * (the directory is the record: a student moved to the next semester, a professor made exam
 * office), all in one transaction with the audit entries that tell of it; a refusal writes nothing.
 *
 * Two first sign-ins of one person at once both find no identity; the second's insert meets the
 * first's (a unique violation) and is run again, finding the identity the first linked.
 */
export async function signInWithIdentity(db: Db, provider: SignInProviderConfig, identity: CampusIdentity, by: { ip: string | null; now: Date }, passwordGiven = false): Promise<SignInOutcome> {
  const verdict = readClaims(provider, identity.claims);
  if (!verdict.ok) return refused(verdict.code, verdict.refusal);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => signInOnce(tx, provider, identity.subject, verdict.account, verdict.matched, by, passwordGiven));
    } catch (err) {
      if (err instanceof Refused) return refused(err.code, err.refusal);
      if (attempt < 2 && uniqueViolation(err) !== undefined) continue;
      if (uniqueViolation(err) === 'users_email_lower_unique') return refused('sign_in_email_taken');
      throw err;
    }
  }
}

/** Carries a previewed outcome out of the transaction it rolls back. */
class Previewed extends Error {
  constructor(readonly outcome: SignInOutcome) {
    super('previewed');
  }
}

/**
 * What a sign-in with this identity would meet now, for an administrator's test: the very steps
 * of `signInWithIdentity`, in a transaction that is always rolled back, so the answer cannot
 * drift from what a real sign-in does, and nothing is written.
 */
export async function previewSignIn(db: Db, provider: SignInProviderConfig, identity: CampusIdentity, by: { ip: string | null; now: Date }): Promise<SignInOutcome> {
  const verdict = readClaims(provider, identity.claims);
  if (!verdict.ok) return refused(verdict.code, verdict.refusal);
  try {
    await db.transaction(async (tx) => {
      throw new Previewed(await signInOnce(tx, provider, identity.subject, verdict.account, verdict.matched, by, false));
    });
  } catch (err) {
    if (err instanceof Previewed) return err.outcome;
    if (err instanceof Refused) return refused(err.code, err.refusal);
    throw err;
  }
  throw new Error('a previewed sign-in ended without an outcome');
}

async function signInOnce(tx: Db, provider: SignInProviderConfig, subject: string, account: ClaimedAccount, matched: MatchedRule, by: { ip: string | null; now: Date }, passwordGiven: boolean): Promise<SignInOutcome> {
  const [linked] = await tx
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider.id), eq(identities.subject, subject)))
    .for('update');
  if (linked) {
    if (!linked.user.active) throw new Refused('account_deactivated');
    await tx.update(identities).set({ lastSignedInAt: by.now }).where(and(eq(identities.provider, provider.id), eq(identities.subject, subject)));
    return { kind: 'signedIn', user: await applyClaims(tx, provider, linked.user, account, matched, by) };
  }

  const [holder] = await tx.select().from(users).where(eq(users.registrationId, account.registrationId)).for('update');
  if (holder) {
    // Another person of this provider already holds the account: a second campus account
    // claiming the same registration id is a directory error, not a second way in.
    const [other] = await tx.select({ subject: identities.subject }).from(identities).where(and(eq(identities.userId, holder.id), eq(identities.provider, provider.id))).limit(1);
    if (other) throw new Refused('sign_in_identity_taken');
    if (!holder.active) throw new Refused('account_deactivated');
    if (!holder.managed && !passwordGiven) return { kind: 'needsPassword', user: holder };
    await link(tx, provider, subject, holder.id, by);
    return { kind: 'signedIn', user: await applyClaims(tx, provider, holder, account, matched, by) };
  }

  const [emailHolder] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${account.email})`).limit(1);
  if (emailHolder) throw new Refused('sign_in_email_taken');
  const [created] = await tx
    .insert(users)
    .values({
      id: randomUUID(),
      registrationId: account.registrationId,
      email: account.email,
      fullname: account.fullname,
      // Null when the directory releases none: staff need neither, and a student chooses them
      // once on the first page after this sign-in (decision 0030).
      semester: account.semester,
      branch: account.branch,
      ...roleColumns(matched.role),
      // Signed in through the provider only, until its owner sets a password (forgot-password).
      passwordHash: null,
      managed: true,
      createdAt: by.now,
      updatedAt: by.now,
    })
    .returning();
  if (!created) throw new Error('user not inserted');
  await link(tx, provider, subject, created.id, by);
  return { kind: 'signedIn', user: created };
}

/** Links the identity to the account, in the audit trail (and so in the owner's My activity). */
async function link(tx: Db, provider: SignInProviderConfig, subject: string, userId: string, by: { ip: string | null; now: Date }): Promise<void> {
  await tx.insert(identities).values({ provider: provider.id, subject, userId, createdAt: by.now, lastSignedInAt: by.now });
  await audit(tx, { actorId: userId, ip: by.ip }, { action: 'user.linked_identity', targetId: userId, details: { provider: provider.label } });
}

/**
 * The account as the claims have it now: name, email, semester and branch, and the role the
 * matching rule gives. The account becomes managed (its owner no longer edits what the directory
 * says). A claim the provider does not release never overwrites a value. Each change is audited
 * as the directory's (no actor). One exception: the rules never take administration from the last
 * active administrator, which would leave nobody able to reach the administration pages; the flag
 * stays until another administrator exists (the accounts' rule, counted under its lock: two
 * administrators demoted at once by their sign-ins leave one).
 */
async function applyClaims(tx: Db, provider: SignInProviderConfig, before: UserRow, account: ClaimedAccount, matched: MatchedRule, by: { ip: string | null; now: Date }): Promise<UserRow> {
  const roles = roleColumns(matched.role);
  // The row is locked (the caller's select … for update), so the rule's lock comes after it.
  if (before.isAdmin && before.active && !roles.isAdmin && !(await anotherActiveAdministrator(tx, before.id))) roles.isAdmin = true;
  const wanted = {
    fullname: account.fullname,
    email: account.email,
    semester: account.semester ?? before.semester,
    branch: account.branch ?? before.branch,
  };
  const details = changedFields(before, wanted);
  const roleDetails = changedFields(before, roles);
  if (!details && !roleDetails && before.managed) return before;
  if (details && 'email' in details) {
    const [emailHolder] = await tx.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = lower(${account.email})`, ne(users.id, before.id))).limit(1);
    if (emailHolder) throw new Refused('sign_in_email_taken');
    await emailReplacedBySomeoneElse(tx, before.id);
  }
  const [after] = await tx.update(users).set({ ...wanted, ...roles, managed: true, updatedAt: by.now }).where(eq(users.id, before.id)).returning();
  if (!after) throw new Error('user vanished during sign-in');
  const directory: AuditBy = { actorId: null, ip: by.ip };
  if (details) await audit(tx, directory, { action: 'user.updated', targetId: before.id, details: { changes: details, provider: provider.label } });
  if (roleDetails) await audit(tx, directory, { action: 'user.role_changed', targetId: before.id, details: { changes: roleDetails, provider: provider.label } });
  return after;
}

/** The fields of `wanted` whose value differs from the row's, as before and after; undefined when none does. */
function changedFields(before: UserRow, wanted: Partial<Record<keyof UserRow, unknown>>): Record<string, FieldChange> | undefined {
  const out: Record<string, FieldChange> = {};
  for (const [key, to] of Object.entries(wanted)) {
    const from = before[key as keyof UserRow];
    if (from !== to) out[key] = { from, to };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
