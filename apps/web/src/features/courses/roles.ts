import type { User } from '@campus/contract/users';
import { usePortalConfig } from '../../lib/config/portal-config';
import { isExamOffice, isStudent } from '../auth';

export type CourseRole = 'student' | 'professor' | 'office';

/**
 * What the course pages offer this user (docs/product.md#roles): students join and read notes, professors own
 * courses, and the exam office has no course pages. The server's flag decides; the configured
 * registration id is the fallback the header uses too.
 */
export function useCourseRole(user: User): CourseRole {
  const config = usePortalConfig();
  if (isExamOffice(user, config.data?.examOfficeRegistrationId)) return 'office';
  return isStudent(user) ? 'student' : 'professor';
}

/** Membership holds when the user's id is in the course's student list (docs/product.md#courses). */
export const isEnrolled = (students: readonly string[], userId: string) => students.includes(userId);
