import { eq } from 'drizzle-orm';
import { assignments, courses, type AssignmentRow, type CourseRow, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import { isUuid } from '../../platform/http/ids';
import { courseOr404, isEnrolled, isOwner } from '../courses';

/**
 * Who someone is to a course's coursework: its owner, or one of its enrolled students. Anyone
 * else sees nothing of it (404): a course's assignments, marks and stream are its class's.
 */
export type CourseworkRole = 'owner' | 'student';

export interface CourseAccess {
  course: CourseRow;
  as: CourseworkRole;
}

export interface AssignmentAccess extends CourseAccess {
  assignment: AssignmentRow;
}

/** The caller's role in a course, or null when they are neither its owner nor enrolled. */
export async function roleIn(db: Db, user: UserRow, course: CourseRow): Promise<CourseworkRole | null> {
  if (isOwner(user, course)) return 'owner';
  return (await isEnrolled(db, course.id, user.id)) ? 'student' : null;
}

/** The course, for its owner or an enrolled student; 404 `course_not_found` for anyone else. */
export async function courseForClass(db: Db, user: UserRow, courseId: string): Promise<CourseAccess> {
  const course = await courseOr404(db, courseId);
  const as = await roleIn(db, user, course);
  if (!as) throw refuse('course_not_found');
  return { course, as };
}

/**
 * The assignment with its course, for the course's owner, or for an enrolled student once it is
 * published (a draft does not exist for them); 404 `assignment_not_found` for anyone else.
 */
export async function assignmentForClass(db: Db, user: UserRow, assignmentId: string): Promise<AssignmentAccess> {
  if (!isUuid(assignmentId)) throw refuse('assignment_not_found');
  const [row] = await db.select({ assignment: assignments, course: courses }).from(assignments).innerJoin(courses, eq(courses.id, assignments.courseId)).where(eq(assignments.id, assignmentId)).limit(1);
  if (!row) throw refuse('assignment_not_found');
  const as = await roleIn(db, user, row.course);
  if (!as || (as === 'student' && !row.assignment.published)) throw refuse('assignment_not_found');
  return { ...row, as };
}

/** The owner's calls: the role is known to see the work, and the call is the owner's alone (403). */
export function assertCourseOwner(access: CourseAccess): void {
  if (access.as !== 'owner') throw refuse('course_owner_only');
}

/** Handing in work: an enrolled student's call alone (403 for the owner, who sees the assignment). */
export function assertStudent(access: CourseAccess): void {
  if (access.as !== 'student') throw refuse('students_submit_only');
}
