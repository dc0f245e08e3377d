import { finalMarks, pages, rubricMarks, toHundredths, type Mark, type MarkBody } from '@campus/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { assignmentMarks, submissions, type AssignmentMarkRow, type AssignmentRow, type CourseRow, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import { isUuid } from '../../platform/http/ids';
import { audit, auditEach, type AuditBy } from '../audit';
import { isEnrolled, professorName } from '../courses';
import { everyOf, oneUser, type NotifyingDeps } from '../notifications';

/** What a mark is about, as the notices and the audit entries name it. */
const aboutWork = (course: CourseRow, assignment: AssignmentRow) => ({
  course: { _id: course.id, coursenumber: course.coursenumber, title: course.title },
  assignment: { _id: assignment.id, title: assignment.title },
});

/** Marks as the answers give them: hundredths back to a number of marks. */
export const marksOf = (hundredths: number | null) => (hundredths === null ? null : hundredths / 100);

/** A mark as its owner sees it, with the penalty of the submission it marks and what that leaves. */
export function presentMark(row: AssignmentMarkRow, penalty: number): Mark {
  const marks = marksOf(row.marksHundredths);
  return {
    marks,
    rubric: row.rubric ?? null,
    feedback: row.feedback,
    excused: row.excused,
    penalty,
    finalMarks: marks === null ? null : finalMarks(marks, penalty),
    returnedAt: row.returnedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The late penalty of a student's latest submission (percent); 0 without one (a test, work never handed in). */
async function penaltyOf(db: Db, assignmentId: string, studentId: string): Promise<number> {
  const [latest] = await db
    .select({ penalty: submissions.penalty })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId), isNull(submissions.replacedAt)))
    .limit(1);
  return latest?.penalty ?? 0;
}

/**
 * The marks a body gives, in hundredths: a number up to the assignment's maximum, or the sum of
 * one rubric level per criterion; null when the work is only excused.
 */
function marksGiven(assignment: AssignmentRow, body: MarkBody): number | null {
  if (body.rubric !== undefined) {
    const rubric = assignment.rubric;
    if (!rubric) throw refuse('rubric_missing', { field: 'rubric' });
    const fits = body.rubric.length === rubric.length && body.rubric.every((level, i) => level < rubric[i]!.levels.length);
    if (!fits) throw refuse('rubric_choice_invalid', { field: 'rubric' });
    return toHundredths(rubricMarks(rubric, body.rubric));
  }
  if (body.marks === undefined) return null;
  if (body.marks > assignment.maxMarks) throw refuse('out_of_range', { field: 'marks', params: { min: 0, max: assignment.maxMarks } });
  return toHundredths(body.marks);
}

/**
 * Drafts (or redrafts) a student's mark. A draft is the owner's alone until returned. A mark
 * already returned may still be corrected: it stays returned, the student is told, and the change
 * of final marks is written in the audit trail, in the same transaction as the change itself.
 */
export async function putMark({ db, notify }: NotifyingDeps, by: AuditBy, owner: UserRow, course: CourseRow, assignment: AssignmentRow, studentId: string, body: MarkBody): Promise<Mark> {
  if (!isUuid(studentId) || !(await isEnrolled(db, course.id, studentId))) throw refuse('student_not_enrolled');
  const marksHundredths = marksGiven(assignment, body);
  const penalty = await penaltyOf(db, assignment.id, studentId);
  const values = { marksHundredths, rubric: body.rubric ?? null, feedback: body.feedback ?? null, excused: body.excused ?? false, updatedAt: sql`now()` };
  return db.transaction(async (tx) => {
    // Locked, so that a return at the same moment either comes before (this is a change of
    // returned marks) or after (it returns this draft): never both missed.
    const [before] = await tx
      .select()
      .from(assignmentMarks)
      .where(and(eq(assignmentMarks.assignmentId, assignment.id), eq(assignmentMarks.studentId, studentId)))
      .for('update');
    const [row] = await tx
      .insert(assignmentMarks)
      .values({ assignmentId: assignment.id, studentId, ...values })
      .onConflictDoUpdate({ target: [assignmentMarks.assignmentId, assignmentMarks.studentId], set: values })
      .returning();
    if (!row) throw new Error('mark not saved');
    const mark = presentMark(row, penalty);
    // A returned mark sent again as it was is no news: only a real correction is told and written down.
    const changed = before !== undefined && (before.marksHundredths !== row.marksHundredths || before.excused !== row.excused || before.feedback !== row.feedback || JSON.stringify(before.rubric) !== JSON.stringify(row.rubric));
    if (before?.returnedAt && changed) {
      const was = presentMark(before, penalty);
      await audit(tx, by, { action: 'coursework.marks_changed', targetId: studentId, details: { ...aboutWork(course, assignment), changes: { finalMarks: { from: was.finalMarks, to: mark.finalMarks } } } });
      await notify(tx, oneUser(studentId), {
        content: `${professorName(owner.fullname)} changed your returned marks for "${assignment.title}" in "${course.title}"`,
        link: pages.assignment(assignment.id),
        kind: 'coursework',
      });
    }
    return mark;
  });
}

/**
 * Returns drafts to their students in one transaction, set-based whatever their number: one
 * UPDATE … RETURNING (these students' drafts, or every draft not yet returned), one insert of the
 * notifications and one of the audit entries (each student's, so they see it in My activity).
 * Answers how many were returned; a mark returned already is left as it is.
 */
export async function returnMarks({ db, notify }: NotifyingDeps, by: AuditBy, owner: UserRow, course: CourseRow, assignment: AssignmentRow, studentIds: string[] | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    const only = studentIds === undefined ? sql`` : sql`and ${assignmentMarks.studentId} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(studentIds)}::jsonb))`;
    const result = await tx.execute(sql`
      update ${assignmentMarks} set returned_at = now(), updated_at = now()
      where ${assignmentMarks.assignmentId} = ${assignment.id} and ${assignmentMarks.returnedAt} is null ${only}
      returning ${assignmentMarks.studentId} as id`);
    const returned = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    if (returned.length === 0) return 0;
    const students = everyOf(returned);
    await notify(tx, students, {
      content: `${professorName(owner.fullname)} returned your marks for "${assignment.title}" in "${course.title}"`,
      link: pages.assignment(assignment.id),
      kind: 'coursework',
    });
    await auditEach(tx, by, 'coursework.marks_returned', students, aboutWork(course, assignment));
    return returned.length;
  });
}
