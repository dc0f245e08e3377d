import type { SubmissionRow } from '@campus/contract/coursework';
import type { WorkState } from '@campus/contract/late-work';
import { spanInWords } from '../work-words';

/** How the professor reads a student's state: unlike the student, they see a draft mark as one. */
export const OWNER_STATE_WORDS: Record<WorkState, string> = {
  assigned: 'Not handed in',
  submitted: 'Handed in',
  late: 'Late',
  missing: 'Missing',
  marked: 'Marked (draft)',
  returned: 'Returned',
  excused: 'Excused',
};

/** The counts at the top of the submissions table. */
export interface WorkCounts {
  /** Students whose work is in, late or not. */
  submitted: number;
  late: number;
  missing: number;
  /** Drafts not yet returned (excused ones included): what "Return marks" would send. */
  drafts: number;
  returned: number;
}

export function countsOf(rows: readonly SubmissionRow[]): WorkCounts {
  const counts: WorkCounts = { submitted: 0, late: 0, missing: 0, drafts: 0, returned: 0 };
  for (const row of rows) {
    if (row.submission) counts.submitted += 1;
    if (row.submission && row.submission.lateMinutes > 0) counts.late += 1;
    if (row.state === 'missing') counts.missing += 1;
    if (row.mark && !row.mark.returnedAt) counts.drafts += 1;
    if (row.mark?.returnedAt) counts.returned += 1;
  }
  return counts;
}

/** A submission's lateness in words: "On time", or "2 hours 5 minutes late, 10% off". */
export function latenessWords(s: { lateMinutes: number; penalty: number }): string {
  if (s.lateMinutes === 0) return 'On time';
  return `${spanInWords(s.lateMinutes)} late${s.penalty > 0 ? `, ${s.penalty}% off` : ''}`;
}

/** A mark as the table shows it: the final marks out of the maximum, or excused, or nothing yet. */
export function markWords(mark: SubmissionRow['mark'], maxMarks: number): string {
  if (!mark) return '—';
  if (mark.excused) return 'Excused';
  if (mark.finalMarks === null) return '—';
  const penalty = mark.penalty > 0 && mark.marks !== null ? ` (${mark.marks} less ${mark.penalty}%)` : '';
  return `${mark.finalMarks} / ${maxMarks}${penalty}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 student", "5 students". */
export const studentsWord = (n: number) => plural(n, 'student', 'students');
