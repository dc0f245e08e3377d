import { ROLES, type StudentWithoutPhoto } from '@campus/contract';
import { and, asc, eq, gte, isNull, min } from 'drizzle-orm';
import { courses, enrollments, users } from '../../db/schema';
import type { Db } from '../../platform/db/database';

/**
 * The students the exam office should ask for a photo before exam day: active students with none
 * on record (roster students start without one) who sit an exam on `today` or later, the soonest
 * exam first. Their admit card has no photo for the invigilator to check.
 */
export async function studentsWithoutPhoto(db: Db, today: string): Promise<StudentWithoutPhoto[]> {
  const nextExam = min(courses.examDate);
  const rows = await db
    .select({ id: users.id, fullname: users.fullname, registrationId: users.registrationId, email: users.email, semester: users.semester, branch: users.branch, nextExam })
    .from(users)
    .innerJoin(enrollments, eq(enrollments.studentId, users.id))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(users.userrole, ROLES.STUDENT), isNull(users.avatarFileId), eq(users.active, true), gte(courses.examDate, today)))
    .groupBy(users.id)
    .orderBy(asc(nextExam), asc(users.registrationId));
  return rows.map(({ id, nextExam: next, ...rest }) => ({ _id: id, ...rest, nextExam: next! }));
}
