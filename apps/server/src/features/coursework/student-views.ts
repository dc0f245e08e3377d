import { finalMarks, isPastDue, workState, type AssignmentKind, type DueSoon, type MyCourseworkMarks } from '@campus/contract';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { assignmentExtensions, assignmentMarks, assignments, courses, enrollments, submissions } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { marksOf } from './marks.service';

/** How far ahead the home page's card looks. */
const DUE_SOON_DAYS = 7;

/**
 * A student's returned marks, by course (by title), newest returned first within each: one
 * statement over their marks (the (student, returnedAt) index), with each mark's assignment,
 * course and the penalty of the submission it marks. Drafts are not theirs to see.
 */
export async function myMarksOf(db: Db, studentId: string): Promise<MyCourseworkMarks> {
  const rows = await db
    .select({
      course: { _id: courses.id, title: courses.title, coursenumber: courses.coursenumber },
      assignment: { _id: assignments.id, title: assignments.title, kind: assignments.kind, maxMarks: assignments.maxMarks },
      mark: { marksHundredths: assignmentMarks.marksHundredths, feedback: assignmentMarks.feedback, excused: assignmentMarks.excused, returnedAt: assignmentMarks.returnedAt },
      penalty: submissions.penalty,
    })
    .from(assignmentMarks)
    .innerJoin(assignments, eq(assignments.id, assignmentMarks.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .leftJoin(submissions, and(eq(submissions.assignmentId, assignmentMarks.assignmentId), eq(submissions.studentId, assignmentMarks.studentId), isNull(submissions.replacedAt)))
    .where(and(eq(assignmentMarks.studentId, studentId), isNotNull(assignmentMarks.returnedAt), eq(assignments.published, true)))
    .orderBy(asc(courses.title), asc(courses.id), desc(assignmentMarks.returnedAt), asc(assignments.id));
  const byCourse = new Map<string, MyCourseworkMarks['courses'][number]>();
  for (const r of rows) {
    let entry = byCourse.get(r.course._id);
    if (!entry) {
      entry = { course: { ...r.course, coursenumber: Number(r.course.coursenumber) }, marks: [] };
      byCourse.set(r.course._id, entry);
    }
    const marks = marksOf(r.mark.marksHundredths);
    const penalty = r.penalty ?? 0;
    entry.marks.push({
      assignment: { ...r.assignment, kind: r.assignment.kind as AssignmentKind },
      marks,
      penalty,
      finalMarks: marks === null ? null : finalMarks(marks, penalty),
      feedback: r.mark.feedback,
      excused: r.mark.excused,
      returnedAt: r.mark.returnedAt!.toISOString(),
    });
  }
  return { courses: [...byCourse.values()] };
}

/**
 * The home page's card: a student's published work of the courses they are in that they have
 * not handed in and nobody has marked, due (their own due time, with an extension) in the next
 * seven days, or past it while submissions are still taken (an assignment not yet closed);
 * soonest first. A class test is listed until its day: it takes no submissions. One statement.
 */
export async function dueSoonOf(db: Db, studentId: string, now: Date): Promise<DueSoon> {
  const dueAt = sql<Date>`coalesce(${assignmentExtensions.dueAt}, ${assignments.dueAt})`.mapWith(assignments.dueAt);
  const until = new Date(now.getTime() + DUE_SOON_DAYS * 24 * 60 * 60_000);
  const rows = await db
    .select({ _id: assignments.id, title: assignments.title, kind: assignments.kind, graceMinutes: assignments.graceMinutes, dueAt, course: { _id: courses.id, title: courses.title } })
    .from(enrollments)
    .innerJoin(assignments, and(eq(assignments.courseId, enrollments.courseId), eq(assignments.published, true)))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .leftJoin(assignmentExtensions, and(eq(assignmentExtensions.assignmentId, assignments.id), eq(assignmentExtensions.studentId, studentId)))
    .where(
      and(
        eq(enrollments.studentId, studentId),
        sql`${dueAt} <= ${until.toISOString()}::timestamptz`,
        sql`(${dueAt} > ${now.toISOString()}::timestamptz or (${assignments.kind} = 'assignment' and (${assignments.closesAt} is null or ${assignments.closesAt} > ${now.toISOString()}::timestamptz)))`,
        sql`not exists (select 1 from ${submissions} where ${submissions.assignmentId} = ${assignments.id} and ${submissions.studentId} = ${studentId})`,
        sql`not exists (select 1 from ${assignmentMarks} where ${assignmentMarks.assignmentId} = ${assignments.id} and ${assignmentMarks.studentId} = ${studentId})`,
      ),
    )
    .orderBy(asc(dueAt), asc(assignments.id));
  return {
    assignments: rows.map((r) => ({
      _id: r._id,
      title: r.title,
      dueAt: r.dueAt.toISOString(),
      course: r.course,
      state: workState({ kind: r.kind as AssignmentKind, submission: null, mark: null, pastDue: isPastDue({ dueAt: r.dueAt, graceMinutes: r.graceMinutes }, now) }),
    })),
  };
}
