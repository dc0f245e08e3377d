import type { Rubric } from '@campus/contract/coursework';
import { GRACE_MINUTES_DEFAULT, LATE_PENALTY_DEFAULT, type AssignmentKind } from '@campus/contract/coursework-limits';

/**
 * What the assignment form holds, as its inputs give it (text), and what its checks hand back:
 * the create and update fields, the times as ISO instants with the campus's offset.
 * No schemas here: they load with the checks (coursework-checks.ts).
 */

export interface RubricLevelInput {
  label: string;
  marks: string;
}
export interface RubricCriterionInput {
  criterion: string;
  levels: RubricLevelInput[];
}

export interface AssignmentFormValues {
  kind: AssignmentKind;
  title: string;
  instructions: string;
  maxMarks: string;
  /** The due day and time on the campus's clock. */
  dueDate: string;
  dueTime: string;
  graceMinutes: string;
  latePenaltyPercentPerDay: string;
  /** Both empty: submissions are accepted at any time after the due time, at a cost. */
  closesDate: string;
  closesTime: string;
  published: 'now' | 'draft';
  /** No criteria: no rubric. */
  rubric: RubricCriterionInput[];
}

/** The form's values once checked: the fields POST and PATCH take. */
export interface AssignmentDraft {
  kind: AssignmentKind;
  title: string;
  instructions: string;
  maxMarks: number;
  /** ISO with the campus's offset (`2026-12-01T17:00:00+05:30`). */
  dueAt: string;
  graceMinutes: number;
  latePenaltyPercentPerDay: number;
  closesAt: string | null;
  rubric: Rubric | null;
  published: boolean;
}

/** What the checks need beside the values: the campus's time zone, to read the typed times. */
export interface AssignmentContext {
  timeZone: string;
}

/** A new assignment: the server's defaults for grace and penalty, published at once. */
export const EMPTY_ASSIGNMENT: AssignmentFormValues = {
  kind: 'assignment',
  title: '',
  instructions: '',
  maxMarks: '',
  dueDate: '',
  dueTime: '',
  graceMinutes: String(GRACE_MINUTES_DEFAULT),
  latePenaltyPercentPerDay: String(LATE_PENALTY_DEFAULT),
  closesDate: '',
  closesTime: '',
  published: 'now',
  rubric: [],
};

/** A rubric row as the editor starts it: one level to fill in. */
export const emptyCriterion = (): RubricCriterionInput => ({ criterion: '', levels: [{ label: '', marks: '' }] });

/** The form's rubric as numbers (an unreadable mark stays NaN, for the checks to name); null without criteria. */
export function rubricOf(rows: readonly RubricCriterionInput[]): Rubric | null {
  if (rows.length === 0) return null;
  return rows.map((c) => ({ criterion: c.criterion, levels: c.levels.map((l) => ({ label: l.label, marks: l.marks.trim() === '' ? Number.NaN : Number(l.marks) })) }));
}
