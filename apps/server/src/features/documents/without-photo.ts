import { ROLES, type StudentWithoutPhoto } from '@campus/contract';
import { and, asc, countDistinct, eq, gte, isNull, min } from 'drizzle-orm';
import { courses, enrollments, users } from '../../db/schema';
import type { Db } from '../../platform/db/database';

/** Active students with no photo on record (roster students start without one) enrolled in a course whose exam is on `today` or later. */
const withoutPhotoAndExamAhead = (today: string) => and(eq(users.userrole, ROLES.STUDENT), isNull(users.avatarFileId), eq(users.active, true), gte(courses.examDate, today));

/**
 * The students the exam office should ask for a photo before exam day, the soonest exam first.
 * Their admit card has no photo for the invigilator to check.
 */
export async function studentsWithoutPhoto(db: Db, today: string): Promise<StudentWithoutPhoto[]> {
  const nextExam = min(courses.examDate);
  const rows = await db
    .select({ id: users.id, fullname: users.fullname, registrationId: users.registrationId, email: users.email, semester: users.semester, branch: users.branch, nextExam })
    .from(users)
    .innerJoin(enrollments, eq(enrollments.studentId, users.id))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(withoutPhotoAndExamAhead(today))
    .groupBy(users.id)
    .orderBy(asc(nextExam), asc(users.registrationId));
  return rows.map(({ id, nextExam: next, ...rest }) => ({ _id: id, ...rest, nextExam: next! }));
}

/** How many `studentsWithoutPhoto` lists, counted in the database: the administrator's home shows only the number. */
export async function countStudentsWithoutPhoto(db: Db, today: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(users.id) })
    .from(users)
    .innerJoin(enrollments, eq(enrollments.studentId, users.id))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(withoutPhotoAndExamAhead(today));
  return row?.n ?? 0;
}
