import type { Mark, SubmissionRow } from '@campus/contract/coursework';
import { aSubmission } from '../test-data';

/** An enrolled student's row of the submissions table: nothing handed in, nothing marked, not yet due. */
export function aRow(n: number, fullname: string, patch: Partial<SubmissionRow> = {}): SubmissionRow {
  return {
    student: { _id: `5f0c7d1e-0000-4000-8000-${String(100 + n).padStart(12, '0')}`, registrationId: 211070200 + n, fullname },
    state: 'assigned',
    extendedTo: null,
    submission: null,
    mark: null,
    ...patch,
  };
}

/** A mark as its owner sees it: a draft of `marks` with no penalty, until `returnedAt` says otherwise. */
export function aMark(patch: Partial<Mark> = {}): Mark {
  return {
    marks: 8,
    rubric: null,
    feedback: null,
    excused: false,
    penalty: 0,
    finalMarks: 8,
    returnedAt: null,
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...patch,
  };
}

export { aSubmission };
