import type { User } from '@campus/contract/users';
import { isExamOffice, isStudent } from '../auth';

export type CourseRole = 'student' | 'professor' | 'office';

/**
 * What the course pages offer this user (docs/product.md#roles): students join and read notes, professors own
 * courses, and the exam office has no course pages.
 */
export function courseRole(user: User): CourseRole {
  if (isExamOffice(user)) return 'office';
  return isStudent(user) ? 'student' : 'professor';
}

/** Membership holds when the user's id is in the course's student list (docs/product.md#courses). */
export const isEnrolled = (students: readonly string[], userId: string) => students.includes(userId);
