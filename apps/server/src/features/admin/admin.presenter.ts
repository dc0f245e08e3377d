import type { AdminUserPage } from '@campus/contract';
import type { UserRow } from '../../db/schema';
import { presentUser } from '../users';

/** A page of the user search as JSON: each user as everywhere else, and where the next page starts. */
export const presentUserPage = (rows: UserRow[], nextCursor: string | null, now: Date): AdminUserPage => ({
  users: rows.map((row) => presentUser(row, now)),
  nextCursor,
});
