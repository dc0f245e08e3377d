import type { Mark } from '@campus/contract/coursework';

/** What the marking panel holds, as its inputs give it. */
export interface MarkFormValues {
  /** Marks typed (no rubric). */
  marks: string;
  /** The chosen level's index per criterion, as the radio's value ('' or null: none yet). */
  rubric: (string | null)[];
  feedback: string;
  excused: boolean;
}

/** What the panel's checks need: the assignment's maximum marks and its rubric's size (0 without one). */
export interface MarkContext {
  maxMarks: number;
  criteria: number;
}

/** The panel as a student's mark (draft or returned) starts it, or empty before any. */
export function markValuesOf(mark: Mark | null, criteria: number): MarkFormValues {
  return {
    marks: mark?.marks !== null && mark?.marks !== undefined && !mark.rubric ? String(mark.marks) : '',
    rubric: Array.from({ length: criteria }, (_, i) => (mark?.rubric?.[i] !== undefined ? String(mark.rubric[i]) : '')),
    feedback: mark?.feedback ?? '',
    excused: mark?.excused ?? false,
  };
}

/** Whether a criterion's radio group has a level chosen. */
export const isChosen = (value: string | null | undefined): value is string => typeof value === 'string' && value !== '';
