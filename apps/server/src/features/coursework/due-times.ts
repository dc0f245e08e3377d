import { ROLES } from '@campus/contract';
import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import { assignments, courses, enrollments, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';

/** A published assignment's or class test's due time, as the calendar feed carries it. */
export interface DueTime {
  assignmentId: string;
  title: string;
  courseTitle: string;
  dueAt: Date;
  /** How many times the due time changed: the event's SEQUENCE. */
  revision: number;
  updatedAt: Date;
}

/**
 * The due times of the published work of a user's courses (a student's joined ones, a
 * professor's own) due from `since` on, soonest first, in one statement. The exam office
 * teaches and joins none: no query at all.
 */
export async function dueTimesOf(db: Db, user: UserRow, since: Date): Promise<DueTime[]> {
  if (user.isExamOffice) return [];
  const columns = {
    assignmentId: assignments.id,
    title: assignments.title,
    courseTitle: courses.title,
    dueAt: assignments.dueAt,
    revision: assignments.dueRevision,
    updatedAt: assignments.updatedAt,
  };
  const shown = (mine: SQL | undefined) => and(mine, eq(assignments.published, true), gte(assignments.dueAt, since));
  const order = [asc(assignments.dueAt), asc(assignments.id)];
  if (user.userrole === ROLES.STUDENT) {
    return db
      .select(columns)
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .innerJoin(assignments, eq(assignments.courseId, courses.id))
      .where(shown(eq(enrollments.studentId, user.id)))
      .orderBy(...order);
  }
  return db
    .select(columns)
    .from(courses)
    .innerJoin(assignments, eq(assignments.courseId, courses.id))
    .where(shown(eq(courses.ownerId, user.id)))
    .orderBy(...order);
}
