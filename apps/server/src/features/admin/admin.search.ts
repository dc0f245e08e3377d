import { MAX_REGISTRATION_ID, ROLES, type AdminUsersQuery } from '@campus/contract';
import { and, asc, between, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { likeLiteral } from '../../platform/db/like';
import { refuse } from '../../platform/errors/app-error';

const MIN_DIGITS = 9;
const MAX_DIGITS = String(MAX_REGISTRATION_ID).length;

/**
 * The registration ids that start with `prefix`, as ranges on the number (one per length an id
 * may have), which the unique index on registration_id serves; none for a prefix no id can have.
 */
export function registrationIdRanges(prefix: string): [number, number][] {
  if (!/^[1-9]\d*$/.test(prefix) || prefix.length > MAX_DIGITS) return [];
  const ranges: [number, number][] = [];
  for (let digits = Math.max(prefix.length, MIN_DIGITS); digits <= MAX_DIGITS; digits++) {
    const scale = 10 ** (digits - prefix.length);
    ranges.push([Number(prefix) * scale, (Number(prefix) + 1) * scale - 1]);
  }
  return ranges;
}

/** What `q` matches: a registration id prefix, or part of a name or an email, ignoring case. */
function matching(q: string): SQL | undefined {
  const part = likeLiteral(q);
  const ranges = registrationIdRanges(q).map(([lo, hi]) => between(users.registrationId, lo, hi));
  return or(...ranges, ilike(users.fullname, part), ilike(users.email, part));
}

const ROLE_FILTERS: Record<NonNullable<AdminUsersQuery['role']>, SQL> = {
  student: eq(users.userrole, ROLES.STUDENT),
  professor: eq(users.userrole, ROLES.PROFESSOR),
  examOffice: sql`${users.isExamOffice}`,
  admin: sql`${users.isAdmin}`,
};

function decodeCursor(cursor: string): number {
  if (!/^\d{1,15}$/.test(cursor)) throw refuse('cursor_invalid', { field: 'cursor' });
  return Number(cursor);
}

/**
 * A page of users by registration id (unique, so the cursor is the last one given), those that
 * match every filter given; the next page's cursor, null at the end.
 */
export async function searchUsers(db: Db, query: AdminUsersQuery): Promise<{ users: UserRow[]; nextCursor: string | null }> {
  const where: (SQL | undefined)[] = [];
  if (query.q) where.push(matching(query.q));
  if (query.role) where.push(ROLE_FILTERS[query.role]);
  if (query.active !== undefined) where.push(eq(users.active, query.active));
  if (query.cursor !== undefined) where.push(gt(users.registrationId, decodeCursor(query.cursor)));
  const found = await db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(asc(users.registrationId))
    .limit(query.limit + 1);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return { users: page, nextCursor: found.length > query.limit && last ? String(last.registrationId) : null };
}
