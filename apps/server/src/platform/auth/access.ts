import { ROLES } from '@campus/contract';
import type { UserRow } from '../../db/schema';

/**
 * Who may call a route. Every /api and /files route declares one (checked at start-up):
 * - 'anyone': no session needed;
 * - 'user': any logged-in user;
 * - 'student' | 'professor' | 'examOffice': a logged-in user of that kind (the exam office is a
 *   professor account too, so 'professor' admits it; use a policy to exclude it);
 * - 'admin': an account with isAdmin, whatever its userrole;
 * - a policy function for rules that only need the user (e.g. "professor but not exam office").
 * Rules that need the resource (ownership, enrolment) live in the feature's policy file.
 */
export type Access = 'anyone' | 'user' | 'student' | 'professor' | 'examOffice' | 'admin' | ((user: UserRow) => boolean);

export const isStudent = (user: UserRow) => user.userrole === ROLES.STUDENT;
export const isProfessor = (user: UserRow) => user.userrole === ROLES.PROFESSOR;
export const isExamOffice = (user: UserRow) => user.userrole === ROLES.PROFESSOR && user.isExamOffice;
export const isAdmin = (user: UserRow) => user.isAdmin;

export function allows(access: Access, user: UserRow): boolean {
  switch (access) {
    case 'anyone':
    case 'user':
      return true;
    case 'student':
      return isStudent(user);
    case 'professor':
      return isProfessor(user);
    case 'examOffice':
      return isExamOffice(user);
    case 'admin':
      return isAdmin(user);
    default:
      return access(user);
  }
}
