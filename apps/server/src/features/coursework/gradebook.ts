import { finalMarks, isPastDue, toHundredths, workState, type AssignmentKind, type Gradebook } from '@campus/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { assignmentExtensions, assignmentMarks, assignments, enrollments, submissions, users, type CourseRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { csvRow } from '../../platform/http/csv';
import { marksOf } from './marks.service';

/** Two facts per (assignment, student) pair, keyed `<assignment id>:<student id>`. */
const pair = (assignmentId: string, studentId: string) => `${assignmentId}:${studentId}`;

/** A percent with at most two decimals, rounded half up (like final marks). */
const percentOf = (totalHundredths: number, maxMarks: number) => Math.floor((totalHundredths * 100) / maxMarks + 0.5) / 100;

/**
 * A course's gradebook: its published work (soonest due first) by its enrolled students (by name),
 * each cell the student's state and, once returned, their final marks. A draft shows as `marked`
 * with no marks: the gradebook says what the students were given. `total` adds the returned final
 * marks, excused work left out; `percent` is that total over the maximum marks of the work it
 * counts. Five statements, one per table, whatever the number of students and items: the cells
 * are put together here.
 */
export async function gradebookOf(db: Db, course: CourseRow, now: Date): Promise<Gradebook> {
  const ofCourse = and(eq(assignments.courseId, course.id), eq(assignments.published, true));
  const work = await db
    .select({ id: assignments.id, title: assignments.title, kind: assignments.kind, maxMarks: assignments.maxMarks, dueAt: assignments.dueAt, graceMinutes: assignments.graceMinutes })
    .from(assignments)
    .where(ofCourse)
    .orderBy(asc(assignments.dueAt), asc(assignments.id));
  const students = await db
    .select({ _id: users.id, registrationId: users.registrationId, fullname: users.fullname })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.studentId))
    .where(eq(enrollments.courseId, course.id))
    .orderBy(asc(users.fullname), asc(users.registrationId));
  const latest = await db
    .select({ assignmentId: submissions.assignmentId, studentId: submissions.studentId, lateMinutes: submissions.lateMinutes, penalty: submissions.penalty })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .where(and(ofCourse, isNull(submissions.replacedAt)));
  const marks = await db
    .select({ assignmentId: assignmentMarks.assignmentId, studentId: assignmentMarks.studentId, marksHundredths: assignmentMarks.marksHundredths, excused: assignmentMarks.excused, returnedAt: assignmentMarks.returnedAt })
    .from(assignmentMarks)
    .innerJoin(assignments, eq(assignments.id, assignmentMarks.assignmentId))
    .where(ofCourse);
  const extensions = await db
    .select({ assignmentId: assignmentExtensions.assignmentId, studentId: assignmentExtensions.studentId, dueAt: assignmentExtensions.dueAt })
    .from(assignmentExtensions)
    .innerJoin(assignments, eq(assignments.id, assignmentExtensions.assignmentId))
    .where(ofCourse);

  const submissionOf = new Map(latest.map((s) => [pair(s.assignmentId, s.studentId), s]));
  const markOf = new Map(marks.map((m) => [pair(m.assignmentId, m.studentId), m]));
  const extendedTo = new Map(extensions.map((x) => [pair(x.assignmentId, x.studentId), x.dueAt]));

  const rows = students.map((student) => {
    let totalHundredths = 0;
    let countedMax = 0;
    const cells = work.map((a) => {
      const key = pair(a.id, student._id);
      const submission = submissionOf.get(key) ?? null;
      const mark = markOf.get(key) ?? null;
      const dueAt = extendedTo.get(key) ?? a.dueAt;
      const state = workState({ kind: a.kind as AssignmentKind, submission, mark, pastDue: isPastDue({ dueAt, graceMinutes: a.graceMinutes }, now) });
      const marksGiven = state === 'returned' ? marksOf(mark!.marksHundredths) : null;
      const final = marksGiven === null ? null : finalMarks(marksGiven, submission?.penalty ?? 0);
      if (final !== null) {
        totalHundredths += toHundredths(final);
        countedMax += a.maxMarks;
      }
      return { state, finalMarks: final };
    });
    return {
      student: { _id: student._id, registrationId: Number(student.registrationId), fullname: student.fullname },
      cells,
      total: totalHundredths / 100,
      percent: countedMax === 0 ? null : percentOf(totalHundredths, countedMax),
    };
  });
  return { assignments: work.map((a) => ({ _id: a.id, title: a.title, kind: a.kind as AssignmentKind, maxMarks: a.maxMarks })), rows };
}

/**
 * The gradebook as a CSV file: a row per student, a column per item (its title, whatever a
 * professor typed, written safe from formulas by `csvRow`), then the total and percent. A cell
 * holds the final marks once returned, else the student's state ("missing", "excused"…).
 */
export function gradebookCsv(book: Gradebook): string {
  const header = csvRow(['registration id', 'name', ...book.assignments.map((a) => a.title), 'total', 'percent']);
  const lines = book.rows.map((r) =>
    csvRow([String(r.student.registrationId), r.student.fullname, ...r.cells.map((c) => (c.finalMarks === null ? c.state : String(c.finalMarks))), String(r.total), r.percent === null ? '' : String(r.percent)]),
  );
  return header + lines.join('');
}
