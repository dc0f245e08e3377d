import type { CourseRow, UserRow } from '../../db/schema';
import { isExamOffice, isProfessor } from '../../platform/auth/access';
import { refuse } from '../../platform/errors/app-error';

/** Who may create courses: professors, except the exam office (docs/product.md#roles). */
export const canCreateCourses = (user: UserRow) => isProfessor(user) && !isExamOffice(user);

export const isOwner = (user: UserRow, course: CourseRow) => course.ownerId === user.id;

/** Edit, delete, add notes, remove a student: the owner only (docs/product.md#roles), enforced here. */
export function assertOwner(user: UserRow, course: CourseRow): void {
  if (!isOwner(user, course)) throw refuse('course_owner_only');
}
