import { fileUrl, isPastDue, workState, type Assignment, type Submission, type SubmissionRow } from '@campus/contract';
import type { AssignmentRow, SubmissionRowDb } from '../../db/schema';
import { dueFor } from './assignments.presenter';
import { presentMark } from './marks.service';
import type { ClassRow } from './submissions.service';

/** A handed-in file: its name, size and digest stay with the attempt; `fileId` is null once a later attempt replaced it. */
export interface HandedInFile {
  name: string;
  fileId: string | null;
  bytes: number;
  sha256: string;
}

/** An attempt with its files. */
export interface SubmissionView {
  submission: SubmissionRowDb;
  files: HandedInFile[];
}

/** An attempt as the contract's JSON; each file's URL downloads it (the latest attempt's files are all still there). */
export function presentSubmission({ submission: s, files }: SubmissionView): Submission {
  return {
    _id: s.id,
    attempt: s.attempt,
    files: files.flatMap((f) => (f.fileId ? [{ name: f.name, url: fileUrl(f.fileId), bytes: f.bytes, sha256: f.sha256 }] : [])),
    text: s.text,
    submittedAt: s.submittedAt.toISOString(),
    lateMinutes: s.lateMinutes,
    penalty: s.penalty,
  };
}

/** One enrolled student's row of the owner's list: their state, own due time, latest attempt and mark (draft or returned). */
export function presentClassRow(assignment: AssignmentRow, row: ClassRow, now: Date): SubmissionRow {
  const policy = { dueAt: dueFor(assignment, row.extendedTo), graceMinutes: assignment.graceMinutes };
  return {
    student: { _id: row.student.id, registrationId: row.student.registrationId, fullname: row.student.fullname },
    state: workState({ kind: assignment.kind as Assignment['kind'], submission: row.submission, mark: row.mark, pastDue: isPastDue(policy, now) }),
    extendedTo: row.extendedTo?.toISOString() ?? null,
    submission: row.submission ? presentSubmission({ submission: row.submission, files: row.files }) : null,
    mark: row.mark ? presentMark(row.mark, row.submission?.penalty ?? 0) : null,
  };
}
