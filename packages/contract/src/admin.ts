import { z } from 'zod';
import { fieldLabel as label } from './labels';
import { endpoint } from './endpoint';
import { emptyData } from './envelope';
import { API_PREFIX } from './prefix';
import { branchField, emailField, fullnameField, idField, lineField, semesterField, userroleField } from './fields';
import { AUDIT_ACTIONS, auditPageSchema, keysetPageQuery } from './audit';
import { ACCOUNT_ROLES, EMAIL_MAX, type AccountRole } from './constants';
import { userEnvelopeData, userSchema } from './users';
import { rosterApi } from './roster';

/** The roles an administrator can filter users by. */
export const ADMIN_ROLE_FILTERS = ACCOUNT_ROLES;
export type AdminRoleFilter = AccountRole;

const flag = (field: string) => z.boolean({ error: `${label(field)} must be true or false` });

/** `true` / `false` in a query string. */
const flagQuery = (field: string) =>
  z.enum(['true', 'false'], { error: `${label(field)} must be true or false` }).transform((v) => v === 'true');

/** GET /admin/users: `q` is a registration id prefix, or part of a name or email, ignoring case. */
export const adminUsersQuery = keysetPageQuery.extend({
  q: lineField('q').trim().max(EMAIL_MAX, { error: `${label('q')} is too long` }).optional(),
  role: z.enum(ADMIN_ROLE_FILTERS, { error: `${label('role')} must be student, professor, examOffice or admin` }).optional(),
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

/** GET /admin/audit: entries by who did them, whom they concern, and what. */
export const adminAuditQuery = keysetPageQuery.extend({
  actor: idField('actor').optional(),
  target: idField('target').optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `${label('action')} is not a known action` }).optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;

/** A page of users; `nextCursor` null on the last page. */
export const adminUserPageSchema = z.object({ users: z.array(userSchema), nextCursor: z.string().nullable() });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

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
  user: endpoint({ method: 'GET', path: `${A}/users/:userId`, summary: 'One user', data: userEnvelopeData, errors: [404] }),
  updateUser: endpoint({
    method: 'PATCH',
    path: `${A}/users/:userId`,
    summary: 'Change any of a user’s fields, roles and state; deactivating ends their sessions on every instance (409 for the last active administrator)',
    body: adminUpdateUserBody,
    data: userEnvelopeData,
    // 409: the email is another account's, or the change would leave no active administrator.
    errors: [404, 409],
  }),
  resetLink: endpoint({
    method: 'POST',
    path: `${A}/users/:userId/reset-link`,
    summary: 'Email the user a single-use link to set a password (503 with mail off)',
    data: emptyData,
    errors: [404, 503],
  }),
  audit: endpoint({
    method: 'GET',
    path: `${A}/audit`,
    summary: 'The audit trail, newest first, by actor, target and action',
    query: adminAuditQuery,
    data: auditPageSchema,
  }),
  ...rosterApi,
};
