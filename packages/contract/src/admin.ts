import { z } from 'zod';
import { refusalMessage as says } from './refusals';
import { endpoint } from './endpoint';
import { emptyData } from './envelope';
import { API_PREFIX } from './prefix';
import { branchField, calendarDateField, emailField, fullnameField, idField, lineField, semesterField, userroleField } from './fields';
import { AUDIT_ACTIONS, auditPageSchema, keysetPageQuery } from './audit';
import { ACCOUNT_ROLES, EMAIL_MAX, type AccountRole } from './constants';
import { userEnvelopeData, userSchema } from './users';
import { rosterApi } from './roster';
import { adminHomeApi } from './admin-home';

/** The roles an administrator can filter users by. */
export const ADMIN_ROLE_FILTERS = ACCOUNT_ROLES;
export type AdminRoleFilter = AccountRole;

const flag = (field: string) => z.boolean({ error: says('not_boolean', { field }) });

/** `true` / `false` in a query string. */
const flagQuery = (field: string) =>
  z.enum(['true', 'false'], { error: says('not_boolean', { field }) }).transform((v) => v === 'true');

/** GET /admin/users: `q` is a registration id prefix, or part of a name or email, ignoring case. */
export const adminUsersQuery = keysetPageQuery.extend({
  q: lineField('q').trim().max(EMAIL_MAX, { error: says('text_too_long', { field: 'q' }) }).optional(),
  role: z.enum(ADMIN_ROLE_FILTERS, { error: says('choice_invalid', { field: 'role', params: { choices: ADMIN_ROLE_FILTERS } }) }).optional(),
  active: flagQuery('active').optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/** PATCH /admin/users/:userId: any of these; what is absent stays as it is. */
export const adminUpdateUserBody = z.object({
  fullname: fullnameField.optional(),
  email: emailField.optional(),
  semester: semesterField.optional(),
  branch: branchField.optional(),
  userrole: userroleField.optional(),
  isExamOffice: flag('isExamOffice').optional(),
  isAdmin: flag('isAdmin').optional(),
  active: flag('active').optional(),
});
export type AdminUpdateUserBody = z.infer<typeof adminUpdateUserBody>;

/**
 * The audit log's filters: who did it, whom it concerns, what; a person (`q`: a registration id,
 * or part of a name or email, as actor or target); and the days it happened (`from`, `to`,
 * inclusive, in CAMPUS_TZ).
 */
const auditFilters = {
  actor: idField('actor').optional(),
  target: idField('target').optional(),
  action: z.enum(AUDIT_ACTIONS, { error: says('action_unknown', { field: 'action' }) }).optional(),
  q: lineField('q').trim().max(EMAIL_MAX, { error: says('text_too_long', { field: 'q' }) }).optional(),
  from: calendarDateField('from').optional(),
  to: calendarDateField('to').optional(),
};
/** `to` before `from` finds nothing: refused, naming `to`. */
const datesInOrder = ({ from, to }: { from?: string; to?: string }) => !from || !to || from <= to;
const DATES_OUT_OF_ORDER = { error: says('dates_out_of_order', { params: { after: 'from' } }), path: ['to'] };

/** GET /admin/audit: entries by who did them, whom they concern, what, who, and when. */
export const adminAuditQuery = keysetPageQuery.extend(auditFilters).refine(datesInOrder, DATES_OUT_OF_ORDER);
export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;

/** GET /admin/audit.csv: the same filters, every entry they find (up to AUDIT_EXPORT_MAX), as CSV. */
export const adminAuditExportQuery = z.object(auditFilters).refine(datesInOrder, DATES_OUT_OF_ORDER);

/** The most rows one export holds: the newest of them when more match (narrow the dates for older ones). */
export const AUDIT_EXPORT_MAX = 50_000;

/** A page of users; `nextCursor` null on the last page. */
export const adminUserPageSchema = z.object({ users: z.array(userSchema), nextCursor: z.string().nullable() });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** POST /admin/imports/:importId/invite: how many accounts were sent an invitation. */
export const importInvitedData = z.object({ invited: z.number().int() });
export type ImportInvited = z.infer<typeof importInvitedData>;

const A = `${API_PREFIX}/admin`;

/** The administration endpoints: for accounts with isAdmin only. */
export const adminApi = {
  users: endpoint({
    method: 'GET',
    path: `${A}/users`,
    summary: 'Search users by registration id prefix, or part of a name or email; by role and state; in pages',
    query: adminUsersQuery,
    data: adminUserPageSchema,
  }),
  user: endpoint({ method: 'GET', path: `${A}/users/:userId`, summary: 'One user', data: userEnvelopeData, errors: ['user_not_found'] }),
  updateUser: endpoint({
    method: 'PATCH',
    path: `${A}/users/:userId`,
    summary: 'Change any of a user’s fields, roles and state; deactivating ends their sessions on every instance (409 for the last active administrator)',
    body: adminUpdateUserBody,
    data: userEnvelopeData,
    errors: ['user_not_found', 'email_taken', 'last_admin', 'exam_office_professors_only'],
  }),
  resetLink: endpoint({
    method: 'POST',
    path: `${A}/users/:userId/reset-link`,
    summary: 'Email the user a single-use link to set a password (503 with mail off)',
    data: emptyData,
    errors: ['user_not_found', 'reset_unavailable'],
  }),
  invite: endpoint({
    method: 'POST',
    path: `${A}/users/:userId/invite`,
    summary: 'Email a user with no password yet an invitation to set one, valid 7 days, naming the campus and the administrator (409 when the user has a password; 503 with mail off)',
    data: emptyData,
    errors: ['user_not_found', 'invite_has_password', 'invite_unavailable'],
  }),
  inviteImport: endpoint({
    method: 'POST',
    path: `${A}/imports/:importId/invite`,
    summary: 'Invite every account an applied users import created that has no password yet (503 with mail off)',
    data: importInvitedData,
    errors: ['not_found', 'invite_unavailable'],
  }),
  audit: endpoint({
    method: 'GET',
    path: `${A}/audit`,
    summary: 'The audit trail, newest first, by actor, target, action, person (q) and days (from, to in CAMPUS_TZ)',
    query: adminAuditQuery,
    data: auditPageSchema,
  }),
  auditExport: endpoint({
    method: 'GET',
    path: `${A}/audit.csv`,
    summary: 'The audit trail as CSV (newest first, at most 50,000 rows), with the same filters; cells that a spreadsheet would run as a formula are escaped',
    query: adminAuditExportQuery,
    // No envelope: the answer is the CSV text, streamed.
    data: z.never(),
    produces: 'text/csv',
  }),
  ...rosterApi,
  ...adminHomeApi,
};
