import type { UserRow } from '../../db/schema';
import { isExamOffice } from '../../platform/auth/access';
import type { Db } from '../../platform/db/database';

/**
 * GET /users/getuser/:userId — who may see a user's profile: the user themself and the exam
 * office. The courses issue adds "a professor, for a student enrolled in one of their courses"
 * (hence the database handle). Anyone else gets 404: whether an account exists is private.
 */
export async function canViewUser(_db: Db, viewer: UserRow, targetId: string): Promise<boolean> {
  if (viewer.id === targetId) return true;
  if (isExamOffice(viewer)) return true;
  return false;
}
