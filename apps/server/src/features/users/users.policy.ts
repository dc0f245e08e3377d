import type { UserRow } from '../../db/schema';
import { isExamOffice, isProfessor } from '../../platform/auth/access';
import type { Db } from '../../platform/db/database';
import { teachesStudent } from '../courses';

/**
 * GET /users/getuser/:userId — who may see a user's profile: the user themself, the exam office,
 * and a professor for a student enrolled in one of their courses. Anyone else gets 404: whether
 * an account exists is private.
 */
export async function canViewUser(db: Db, viewer: UserRow, targetId: string): Promise<boolean> {
  if (viewer.id === targetId) return true;
  if (isExamOffice(viewer)) return true;
  return isProfessor(viewer) && (await teachesStudent(db, viewer.id, targetId));
}
