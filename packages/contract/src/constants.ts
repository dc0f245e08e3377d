/** Constants shared by the server and the web app (docs/product.md). */

export const ROLES = { PROFESSOR: 1, STUDENT: 2 } as const;
export type UserRole = (typeof ROLES)[keyof typeof ROLES];

/**
 * What an account is, in words: a student or a professor (userrole), and the two staff roles a
 * professor account may carry. An administrator filters users by these, and a campus sign-in
 * provider's role rules give one of them.
 */
export const ACCOUNT_ROLES = ['student', 'professor', 'examOffice', 'admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const BRANCHES = [
  'Computer Engineering',
  'Information Technology',
  'Civil Engineering',
  'Electrical Engineering',
  'Electronics Engineering',
  'Electronics and Telecommunication Engineering',
  'Mechanical Engineering',
  'Production Engineering',
  'Textile Engineering',
] as const;
export type Branch = (typeof BRANCHES)[number];

/**
 * Spellings that an earlier reading of the earlier portal's signup and profile forms sent.
 * Old clients may still send them: they are accepted and stored with the correct spelling.
 */
export const BRANCH_MISSPELLINGS: Readonly<Record<string, Branch>> = {
  'Elecrical Engineering': 'Electrical Engineering',
  'Eletronics Engineering': 'Electronics Engineering',
};

export const DEFAULT_BRANCH: Branch = 'Computer Engineering';
export const SEMESTERS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const DEFAULT_SEMESTER = 1;
/** Filter value meaning "every semester" (docs/product.md#courses). */
export const ALL_SEMESTERS = 9;
/** Filter value meaning "every branch". */
export const ALL_BRANCHES = 'All';

/** Registration ids and course numbers are at least this (docs/product.md#accounts). */
export const MIN_REGISTRATION_ID = 100_000_000;
/** Largest value a PostgreSQL bigint-safe JS integer column will hold for ids and numbers. */
export const MAX_REGISTRATION_ID = 999_999_999_999;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const FULLNAME_MAX = 100;
export const EMAIL_MAX = 254;
/** How long the link that confirms a new email address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export { FILE_LIMITS, FILE_TYPES, type FileKind, type FileType } from './file-limits';

/** The notification stream's event names (Server-Sent Events `event:` field). */
export const STREAM_EVENTS = { notification: 'notification', unread: 'unread' } as const;
/**
 * The client route an email's unsubscribe link opens (`/unsubscribe?token=…`): it checks the
 * link (unsubscribeStatus), then asks before it POSTs.
 */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
/** The client route of the notification preferences page. */
export const NOTIFICATION_SETTINGS_PAGE = '/settings/notifications';

/** Messages that clients compare literally (docs/product.md#messages-clients-compare), and other fixed texts. */
export const MESSAGES = {
  courseDeleted: 'course deleted successfully',
  notesAdded: 'notes added successfully',
  notesDeleted: 'notes deleted successfully',
  eventCreated: 'event created successfully',
  eventUpdated: 'event updated successfully',
  /** Shown on Add Event when drafting fails, word for word. */
  draftFailed: 'Sorry - Something went wrong. Please try again or Add your own description!',
} as const;

/**
 * The kinds of notification a user chooses the delivery of (docs/product.md#notifications-who-is-told): `exams` is
 * an exam date set, moved or cleared in a course the user joined; `coursework` is assignments, marks
 * returned, the course stream and the due-time reminders of a course one is in.
 */
export const NOTIFICATION_KINDS = ['courses', 'notes', 'marksheets', 'exams', 'coursework'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** In the portal only, an email at once, or one digest email a day. */
export const DELIVERIES = ['inapp', 'immediate', 'daily'] as const;
export type Delivery = (typeof DELIVERIES)[number];

/** The most a declined marksheet request's reason may say: one line the student reads on her marksheet page. */
export const DECLINE_REASON_MAX = 300;
