/**
 * What late work costs, and what marks come to: the one implementation of the coursework rules
 * (docs/product.md#coursework). The server stores what these answer; the web app calls the same
 * functions to say what submitting now would cost before the button is pressed. Zod-free, so the
 * assignment page can use it without the schemas.
 *
 * Marks carry at most two decimals, so every sum and product below is done in whole hundredths:
 * 0.1 + 0.2 must be 0.3, and a rounding "half up" must not depend on how a float rounds 12.345.
 */

export const MINUTES_PER_DAY = 1440;

/** What decides lateness: the due time (the student's own, with an extension), the grace and the daily penalty. */
export interface LatePolicy {
  dueAt: Date | string;
  graceMinutes: number;
  /** A whole percent taken off for each day (or part of one) late. */
  latePenaltyPercentPerDay: number;
}

export interface Lateness {
  /** Minutes late beyond the grace; 0 when on time or within the grace. */
  lateMinutes: number;
  /** The percent taken off the marks (0–100). */
  penalty: number;
}

const instant = (d: Date | string) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/**
 * `lateMinutes = max(0, ceil(minutes from dueAt to submittedAt) − graceMinutes)`: a part minute
 * counts as a whole one, and work within the grace is on time. `penalty = min(100,
 * ceil(lateMinutes / 1440) × latePenaltyPercentPerDay)`: each day begun late costs a day's percent.
 */
export function lateness(policy: LatePolicy, submittedAt: Date | string): Lateness {
  const minutes = Math.ceil((instant(submittedAt) - instant(policy.dueAt)) / 60_000);
  const lateMinutes = Math.max(0, minutes - policy.graceMinutes);
  const penalty = Math.min(100, Math.ceil(lateMinutes / MINUTES_PER_DAY) * policy.latePenaltyPercentPerDay);
  return { lateMinutes, penalty };
}

/** A mark (at most two decimals) in whole hundredths. */
export const toHundredths = (marks: number) => Math.round(marks * 100);

/** `marks × (100 − penalty) / 100`, rounded half up to two decimals. */
export function finalMarks(marks: number, penalty: number): number {
  // In hundredths the product is a whole number over 100: adding 50 before the floor rounds half up.
  return Math.floor((toHundredths(marks) * (100 - penalty) + 50) / 100) / 100;
}

/** A rubric's criterion: its levels, each worth some marks. */
export interface RubricCriterion {
  criterion: string;
  levels: readonly { label: string; marks: number }[];
}

/** The marks of a rubric's chosen levels (one index per criterion): their sum, exact to the hundredth. */
export function rubricMarks(rubric: readonly RubricCriterion[], chosen: readonly number[]): number {
  return rubric.reduce((sum, c, i) => sum + toHundredths(c.levels[chosen[i]!]!.marks), 0) / 100;
}

/** The most a rubric can give: each criterion's best level, summed. */
export function rubricMaximum(rubric: readonly RubricCriterion[]): number {
  return rubric.reduce((sum, c) => sum + Math.max(...c.levels.map((l) => toHundredths(l.marks))), 0) / 100;
}

/** Where one student stands on one assignment, as the owner's list and the gradebook show it. */
export const WORK_STATES = ['assigned', 'submitted', 'late', 'missing', 'marked', 'returned', 'excused'] as const;
export type WorkState = (typeof WORK_STATES)[number];

export interface WorkFacts {
  /** `test`s take no submissions: they are never late or missing, only marked. */
  kind: 'assignment' | 'test';
  /** The student's latest submission's lateness, or null before any. */
  submission: { lateMinutes: number } | null;
  /** The student's mark, draft or returned, or null before any. */
  mark: { excused: boolean; returnedAt: Date | string | null } | null;
  /** Whether the student's own due time and grace are over. */
  pastDue: boolean;
}

/**
 * One student's state: excused work stays excused; returned marks outrank a draft; a draft
 * outranks the submission it marks; then the submission (late or not); then, with none, missing
 * once the due time and grace are over, else assigned.
 */
export function workState({ kind, submission, mark, pastDue }: WorkFacts): WorkState {
  if (mark?.excused) return 'excused';
  if (mark?.returnedAt) return 'returned';
  if (mark) return 'marked';
  if (kind === 'test') return 'assigned';
  if (submission) return submission.lateMinutes > 0 ? 'late' : 'submitted';
  return pastDue ? 'missing' : 'assigned';
}

/** Whether a due time and its grace are over at `now`. */
export const isPastDue = (policy: Pick<LatePolicy, 'dueAt' | 'graceMinutes'>, now: Date | string) =>
  instant(now) > instant(policy.dueAt) + policy.graceMinutes * 60_000;
