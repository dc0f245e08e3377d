import { z } from 'zod';
import { refusalMessage as says } from './refusals';
import { textField, wholeNumber } from './fields';
import { CURSOR_INVALID } from './courses';

/**
 * What an audit entry can say happened. `course.deleted` is written once per student who was
 * enrolled; `user.linked_identity` and `import.applied` belong to the campus sign-in and the
 * roster, which write them when they exist.
 */
export const AUDIT_ACTIONS = [
  'user.updated',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.email_changed',
  'user.password_changed',
  'user.password_reset',
  'user.reset_link_sent',
  'user.invited',
  'user.signed_in_new_device',
  'user.linked_identity',
  'course.student_removed',
  'course.deleted',
  'marksheet.uploaded',
  'application.declined',
  'import.applied',
  'coursework.marks_returned',
  'coursework.marks_changed',
  'coursework.extension_granted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who did it, or whom it concerns, as an entry names them. */
export const auditPersonSchema = z.object({
  _id: z.string(),
  fullname: z.string(),
  registrationId: z.number().int(),
}).meta({ id: 'AuditPerson' });
export type AuditPerson = z.infer<typeof auditPersonSchema>;

/** A change of one plain field: its value before and after. */
export const fieldChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/**
 * What changed, never a password or token:
 * - `user.updated`, `user.role_changed`, `user.deactivated`, `user.reactivated`,
 *   `user.email_changed`: `{ changes: { <field>: { from, to } } }`;
 * - `course.student_removed`, `course.deleted`: `{ course: { _id, coursenumber, title } }`;
 * - `marksheet.uploaded`: `{ semester }`; `application.declined`: `{ semester, reason }`;
 * - `user.linked_identity`: `{ provider }`, the label of the campus sign-in provider linked; the
 *   `user.updated` and `user.role_changed` a sign-in makes from the directory carry it too;
 * - `import.applied`: `{ import: { _id, kind, action } }`, with `changes` for an update and
 *   `course` for a course or an enrolment (action `create` when a student was enrolled);
 * - `coursework.marks_returned`: `{ course, assignment: { _id, title } }`; `coursework.marks_changed`:
 *   the same with `changes: { finalMarks: { from, to } }` (returned marks changed since);
 *   `coursework.extension_granted`: `{ course, assignment }`;
 * - the others: `{}`.
 */
export const auditDetailsSchema = z.object({
  changes: z.record(z.string(), fieldChangeSchema).optional(),
  course: z.object({ _id: z.string(), coursenumber: z.number().int(), title: z.string() }).optional(),
  semester: z.number().int().optional(),
  /** `application.declined`: the reason the student was given. */
  reason: z.string().optional(),
  /** `user.signed_in_new_device`: the browser and system the User-Agent named ("Chrome", "Android"); absent on entries written before it was kept. */
  device: z.object({ browser: z.string(), os: z.string() }).optional(),
  /** `user.linked_identity`, and changes a campus sign-in made: the provider's label. */
  provider: z.string().optional(),
  import: z.object({ _id: z.string(), kind: z.enum(['users', 'courses', 'enrolments']), action: z.enum(['create', 'update', 'remove']) }).optional(),
  /** The coursework actions: the assignment or class test concerned. */
  assignment: z.object({ _id: z.string(), title: z.string() }).optional(),
});
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

/** One entry of the audit trail. `actor` is null when the system or the roster did it. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: auditPersonSchema.nullable(),
  target: auditPersonSchema,
  details: auditDetailsSchema,
  /** The client's address as the server saw it; null when no request made the change. */
  ip: z.string().nullable(),
}).meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of entries, newest first; `nextCursor` null on the last page. */
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The administration's pages and one's own activity: 50 a page unless asked, at most this many. */
export const ADMIN_PAGE_DEFAULT = 50;
export const ADMIN_PAGE_MAX = 200;

const LIMIT_RANGE = says('out_of_range', { field: 'limit', params: { min: 1, max: ADMIN_PAGE_MAX } });

/** Keyset paging of the administration's lists and of one's own activity. */
export const keysetPageQuery = z.object({
  limit: wholeNumber('limit')
    .pipe(z.number().min(1, { error: LIMIT_RANGE }).max(ADMIN_PAGE_MAX, { error: LIMIT_RANGE }))
    .default(ADMIN_PAGE_DEFAULT),
  cursor: textField('cursor', CURSOR_INVALID).max(200, { error: CURSOR_INVALID }).optional(),
});
export type KeysetPageQuery = z.infer<typeof keysetPageQuery>;

/** GET /users/activity */
export const activityQuery = keysetPageQuery;
