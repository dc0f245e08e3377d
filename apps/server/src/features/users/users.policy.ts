import type { UpdateAccountBody } from '@campus/contract';
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

/** What the registrar's roster (or a campus sign-in provider) says of a managed account. */
const REGISTRAR_FIELDS = ['fullname', 'semester', 'branch'] as const;

/**
 * The first field of update-account's body that would change what the registrar keeps for a
 * managed account, or undefined: its owner may send the same value back, never another.
 */
export const registrarFieldChanged = (user: UserRow, body: UpdateAccountBody) =>
  user.managed ? REGISTRAR_FIELDS.find((field) => body[field] !== user[field]) : undefined;
