import { ROLES, type Branch } from '@campus/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';

/**
 * The rules every change to an account keeps, whoever makes it: an administrator's PATCH, a campus
 * sign-in applying the directory's claims, the registrar's roster, the owner's own account page.
 * They lived in three versions in three features; a fourth writer now asks here (decision 0030).
 */

/**
 * The portal keeps at least one active administrator: nobody else can reach the administration
 * pages. Counting alone does not keep it: two transactions demoting the last two administrators
 * each count the other, uncommitted, as still there, and both commit. So the count is taken under
 * one transaction-level advisory lock, held until commit: the second writer waits for the first,
 * then counts what it committed.
 *
 * Call it after locking (or writing) the rows of the accounts the transaction changes, never
 * before: a transaction holding this lock then waits for no row of `users`, so two writers cannot
 * deadlock on it (one holding a row and wanting the lock, the other the reverse).
 */
export async function anotherActiveAdministrator(tx: Db, userId: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('campus-last-administrator'))`);
  const [other] = await tx.select({ id: users.id }).from(users).where(and(eq(users.isAdmin, true), eq(users.active, true), ne(users.id, userId))).limit(1);
  return other !== undefined;
}

/**
 * After a bulk write that may have switched administrators off (the roster): 409 when no active
 * administrator is left, which rolls the caller's whole transaction back. Under the same lock as
 * `anotherActiveAdministrator`, taken after the writes.
 */
export async function assertAnActiveAdministrator(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('campus-last-administrator'))`);
  const [any] = await tx.select({ id: users.id }).from(users).where(and(eq(users.isAdmin, true), eq(users.active, true))).limit(1);
  if (!any) throw refuse('last_admin');
}

/** Whether a change takes administration away from an account that has it now (demoted, or switched off). */
export const removesAnAdministrator = (user: Pick<UserRow, 'isAdmin' | 'active'>, change: { isAdmin?: boolean; active?: boolean }) =>
  user.isAdmin && user.active && (change.isAdmin === false || change.active === false);

/**
 * The exam office is a professor's role (the 'examOffice' access and its notices admit professors
 * only): a student account with it would hold a role it could not use.
 */
export const examOfficeFits = (user: Pick<UserRow, 'isExamOffice' | 'userrole'>, change: { isExamOffice?: boolean; userrole?: number }) =>
  !(change.isExamOffice ?? user.isExamOffice) || (change.userrole ?? user.userrole) === ROLES.PROFESSOR;

/** What the registrar's roster (or a campus sign-in provider) says of a managed account. */
export const REGISTRAR_FIELDS = ['fullname', 'semester', 'branch'] as const;

/**
 * The registrar's fields its owner may set once while they are unknown: a student whose directory
 * and roster gave neither chooses them on the first page after the first sign-in.
 */
const CHOSEN_ONCE = new Set<string>(['semester', 'branch']);

/**
 * The first field of an update of one's own account that would change what the registrar keeps
 * for a managed account, or undefined. Its owner may send the same value back, and may fill a
 * semester or branch that is still unknown, never change one that is known.
 */
export function registrarFieldChanged(user: UserRow, body: { fullname: string; semester?: number; branch?: Branch }): (typeof REGISTRAR_FIELDS)[number] | undefined {
  if (!user.managed) return undefined;
  return REGISTRAR_FIELDS.find((field) => body[field] !== undefined && body[field] !== user[field] && !(CHOSEN_ONCE.has(field) && user[field] === null));
}

/** 403 naming the first registrar's field the update would change (see `registrarFieldChanged`). */
export function assertOwnerMayUpdate(user: UserRow, body: { fullname: string; semester?: number; branch?: Branch }): void {
  const kept = registrarFieldChanged(user, body);
  if (kept) throw refuse('set_by_registrar', { field: kept });
}

/**
 * A student's semester and branch where something needs them (a marksheet request, the admit
 * card): 400 asking the student to choose them when the directory and the roster gave none.
 */
export function cohortOf(student: Pick<UserRow, 'semester' | 'branch'>): { semester: number; branch: Branch } {
  if (student.semester === null || student.branch === null) throw refuse('choose_semester_and_branch');
  return { semester: student.semester, branch: student.branch as Branch };
}
