import type { CourseRow, UserRow } from '../../db/schema';
import { isProfessor, isStudent } from '../../platform/auth/access';
import type { Db } from '../../platform/db/database';
import { isEnrolled, isOwner } from '../courses';

/**
 * Notes are read by the course's owner, by any professor (the exam office too: it may make every
 * read a professor may) and by the students enrolled in the course (docs/product.md#roles).
 */
export async function canReadNotes(db: Db, user: UserRow, course: CourseRow): Promise<boolean> {
  if (isOwner(user, course) || isProfessor(user)) return true;
  return isStudent(user) && (await isEnrolled(db, course.id, user.id));
}
