/**
 * Coursework's kinds, limits and defaults, without the schemas: the web app's pages read them
 * (the attachments a form takes, a rubric's size, the grace a new assignment starts with) while
 * zod and the schemas load only with a form's checks. coursework.ts re-exports all of it.
 */

export const ASSIGNMENT_KINDS = ['assignment', 'test'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

export const ASSIGNMENT_TITLE_MAX = 200;
export const INSTRUCTIONS_MAX = 20_000;
export const MAX_MARKS_RANGE = { min: 1, max: 1000 } as const;
export const GRACE_MINUTES_RANGE = { min: 0, max: 1440 } as const;
export const GRACE_MINUTES_DEFAULT = 15;
export const LATE_PENALTY_RANGE = { min: 0, max: 100 } as const;
export const LATE_PENALTY_DEFAULT = 10;
export const ATTACHMENTS_MAX = 5;
export const SUBMISSION_FILES_MAX = 10;
/** What one submission's files may add up to (each file: FILE_LIMITS.submission). */
export const SUBMISSION_BYTES_MAX = 100 * 1024 * 1024;
export const SUBMISSION_TEXT_MAX = 20_000;
export const FEEDBACK_MAX = 10_000;
export const POST_TEXT_MAX = 10_000;
export const COMMENT_TEXT_MAX = 2_000;
export const RUBRIC_CRITERIA_MAX = 20;
export const RUBRIC_LEVELS_MAX = 10;
export const RUBRIC_TEXT_MAX = 200;
/** The web app sends files larger than this over the resumable uploads (tus), smaller ones in the form. */
export const RESUMABLE_ABOVE_BYTES = 5 * 1024 * 1024;
/** Reminders go this long before the due time, to those who have not submitted. */
export const REMINDER_BEFORE_MINUTES = 24 * 60;
