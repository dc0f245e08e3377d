import { fileUrl, finalMarks, isPastDue, lateness, workState, type Assignment, type MyMarks } from '@campus/contract';
import type { AssignmentRow } from '../../db/schema';

/** An attachment as its assignment lists it: the name given and the file it names. */
export interface AttachmentRef {
  name: string;
  fileId: string;
}

/** What an enrolled student's view adds: their own due time, latest submission and mark, if any. */
export interface StudentFacts {
  extendedTo: Date | null;
  submission: { attempt: number; submittedAt: Date; lateMinutes: number; penalty: number } | null;
  mark: { marksHundredths: number | null; rubric: number[] | null; feedback: string | null; excused: boolean; returnedAt: Date | null } | null;
}

/** An assignment with its attachments, and the student's facts when a student looks at it. */
export interface AssignmentView {
  assignment: AssignmentRow;
  attachments: AttachmentRef[];
  student?: StudentFacts;
}

/** The due time that applies to a student: their extension, else the assignment's. */
export const dueFor = (assignment: AssignmentRow, extendedTo: Date | null | undefined): Date => extendedTo ?? assignment.dueAt;

/** Whether handing in is possible now: an assignment (not a test), not closed, its marks not yet returned. */
export function canSubmit(assignment: AssignmentRow, mark: { returnedAt: Date | null } | null, now: Date): boolean {
  if (assignment.kind !== 'assignment') return false;
  if (assignment.closesAt && now > assignment.closesAt) return false;
  return !mark?.returnedAt;
}

/** Returned marks as the student sees them: the penalty of the submission marked, and the final marks. */
function myMarks(mark: NonNullable<StudentFacts['mark']>, penalty: number): MyMarks | null {
  if (!mark.returnedAt) return null;
  const marks = mark.marksHundredths === null ? null : mark.marksHundredths / 100;
  return {
    marks,
    penalty,
    finalMarks: marks === null || mark.excused ? null : finalMarks(marks, penalty),
    feedback: mark.feedback,
    rubric: mark.rubric,
    excused: mark.excused,
    returnedAt: mark.returnedAt.toISOString(),
  };
}

/** An assignment as the contract's JSON; a student's view carries their own due time and standing. */
export function presentAssignment({ assignment: a, attachments, student }: AssignmentView, now: Date): Assignment {
  const dueAt = dueFor(a, student?.extendedTo);
  const shown: Assignment = {
    _id: a.id,
    courseId: a.courseId,
    kind: a.kind as Assignment['kind'],
    title: a.title,
    instructions: a.instructions,
    maxMarks: a.maxMarks,
    dueAt: dueAt.toISOString(),
    graceMinutes: a.graceMinutes,
    latePenaltyPercentPerDay: a.latePenaltyPercentPerDay,
    closesAt: a.closesAt?.toISOString() ?? null,
    rubric: a.rubric ?? null,
    attachments: attachments.map((f) => ({ name: f.name, url: fileUrl(f.fileId) })),
    published: a.published,
    publishedAt: a.publishedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
  if (!student) return shown;
  const policy = { dueAt, graceMinutes: a.graceMinutes, latePenaltyPercentPerDay: a.latePenaltyPercentPerDay };
  const { submission, mark } = student;
  const state = workState({ kind: a.kind as Assignment['kind'], submission, mark, pastDue: isPastDue(policy, now) });
  return {
    ...shown,
    mySubmission: submission ? { state, attempt: submission.attempt, submittedAt: submission.submittedAt.toISOString(), lateMinutes: submission.lateMinutes } : null,
    submitNow: canSubmit(a, mark, now) ? lateness(policy, now) : null,
    myMarks: mark ? myMarks(mark, submission?.penalty ?? 0) : null,
  };
}
