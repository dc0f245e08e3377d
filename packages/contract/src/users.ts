import { z } from 'zod';
import { BRANCHES, DEFAULT_SEMESTER, EMAIL_CHANGE_LINK_HOURS } from './constants';
import {
  branchField,
  emailField,
  fullnameField,
  passwordField,
  registrationIdField,
  semesterField,
  textField,
  userroleField,
} from './fields';
import { endpoint } from './endpoint';
import { emptyData } from './envelope';
import { refusalMessage as says, requiredMessage } from './refusals';
import { API_PREFIX } from './prefix';
import { activityQuery, auditPageSchema } from './audit';
import { authProviderSchema } from './auth-provider';

/** POST /users/register: the text fields of the multipart body (the avatar file travels beside them). */
export const registerBody = z.object({
  registrationId: registrationIdField,
  email: emailField,
  fullname: fullnameField,
  password: passwordField(),
  semester: semesterField.default(DEFAULT_SEMESTER),
  branch: branchField,
  userrole: userroleField,
  /** Required for professors only when the server has a staff signup code configured. */
  staffcode: textField('staffcode').max(200, { error: says('text_too_long', { field: 'staffcode' }) }).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;
export type RegisterInput = z.input<typeof registerBody>;

/** POST /users/login */
export const loginBody = z.object({
  registrationId: registrationIdField,
  password: textField('password', requiredMessage('password'))
    .min(1, { error: requiredMessage('password') })
    .max(1024, { error: says('text_too_long', { field: 'password' }) }),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * PATCH /users/update-account. Unknown keys (registrationId, userrole, _id…) are dropped, not refused.
 * `currentPassword` is needed only when `email` changes (the server says so when it is missing):
 * a session left open on a shared computer must not be enough to take the account's email.
 * `branch` and `semester` left out keep the account's own (a professor may have none); a managed
 * account's are the registrar's, except that its owner fills them once while they are unknown.
 */
export const updateAccountBody = z.object({
  email: emailField,
  fullname: fullnameField,
  branch: branchField.optional(),
  semester: semesterField.optional(),
  currentPassword: textField('currentPassword').max(1024, { error: says('text_too_long', { field: 'currentPassword' }) }).optional(),
});
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

/** POST /users/change-password: the fields, which the web form extends with its confirmation. */
export const changePasswordFields = z.object({
  oldpassword: textField('oldpassword', requiredMessage('oldpassword'))
    .min(1, { error: requiredMessage('oldpassword') })
    .max(1024, { error: says('text_too_long', { field: 'oldpassword' }) }),
  newpassword: passwordField('newpassword'),
});

/**
 * A "change" to the password already in use changes nothing, yet would end every other session
 * and email a notice: refused, naming the new password. The old one is checked against the
 * account after this, so equal to it means equal to the current password.
 */
export const newPasswordDiffers = (body: { oldpassword: string; newpassword: string }) => body.newpassword !== body.oldpassword;
export const samePasswordIssue = { path: ['newpassword'], error: says('same_password') };

export const changePasswordBody = changePasswordFields.refine(newPasswordDiffers, samePasswordIssue);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /users/forgot-password */
export const forgotPasswordBody = z.object({ registrationId: registrationIdField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /users/reset-password: the token from the emailed link, and the new password. */
export const resetPasswordBody = z.object({
  token: textField('token', requiredMessage('token'))
    .min(1, { error: requiredMessage('token') })
    .max(200, { error: says('reset_token_unknown') }),
  newpassword: passwordField('newpassword'),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /users/confirm-email: the token of the link emailed to the new address. */
export const confirmEmailBody = z.object({
  token: textField('token', requiredMessage('token'))
    .min(1, { error: requiredMessage('token') })
    .max(200, { error: says('email_token_malformed') }),
});
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;

/** A user as JSON. Never a hash, session or token. */
export const userSchema = z.object({
  _id: z.string(),
  registrationId: z.number().int(),
  email: z.string(),
  fullname: z.string(),
  /** Null until known: staff need neither; a student whose directory released none chooses them once (update-account). */
  semester: z.number().int().nullable(),
  branch: z.enum(BRANCHES).nullable(),
  userrole: z.union([z.literal(1), z.literal(2)]),
  avatar: z.string(),
  isExamOffice: z.boolean(),
  /** May use the administration calls. */
  isAdmin: z.boolean(),
  /** False once an administrator switched the account off: it cannot sign in. */
  active: z.boolean(),
  /** The registrar's roster or a campus sign-in provider says who the user is. */
  managed: z.boolean(),
  /** A new email address waiting for its emailed link to be opened; null when none is. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** The logged-in user, and the campus sign-in provider this session came from (null: a password sign-in). */
export const currentUserSchema = userSchema.extend({ signedInWith: authProviderSchema.nullable() });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What a login or a change to one's own account answers, and what /getuser answers. */
export const userEnvelopeData = z.object({ user: userSchema });

const U = `${API_PREFIX}/users`;

/** The users endpoints. Signup and current-user answer the user itself, not wrapped (existing clients read it so). */
export const usersApi = {
  register: endpoint({
    method: 'POST',
    path: `${U}/register`,
    summary: 'Sign up (multipart, avatar required)',
    multipart: { fields: registerBody, file: { field: 'avatar', kind: 'avatar', required: true } },
    data: userSchema,
    status: 201,
    errors: ['signup_closed', 'staff_code_required', 'avatar_required', 'password_too_common', 'registration_id_taken', 'registration_id_reserved', 'email_taken', 'rate_limited'],
  }),
  login: endpoint({
    method: 'POST',
    path: `${U}/login`,
    summary: 'Log in (failed attempts are limited per account and address, 429 with Retry-After)',
    body: loginBody,
    data: userEnvelopeData,
    // Open to anyone, yet a wrong id or password is a 401; a deactivated account, after its password, a 403.
    errors: ['invalid_login', 'account_deactivated', 'password_login_admins_only', 'rate_limited'],
  }),
  logout: endpoint({ method: 'POST', path: `${U}/logout`, summary: 'Log out (revokes this session)', data: emptyData }),
  currentUser: endpoint({ method: 'GET', path: `${U}/current-user`, summary: 'The logged-in user, and the campus provider this session came from', data: currentUserSchema }),
  avatar: endpoint({
    method: 'PATCH',
    path: `${U}/avatar`,
    summary: 'Replace the avatar (multipart)',
    multipart: { fields: z.object({}), file: { field: 'avatar', kind: 'avatar', required: true } },
    data: userEnvelopeData,
    errors: ['avatar_required'],
  }),
  updateAccount: endpoint({
    method: 'PATCH',
    path: `${U}/update-account`,
    summary:
      'Update email, name, branch and semester. A new email needs currentPassword (wrong ones are throttled like logins); with mail on it takes effect once the link emailed to it is opened (pendingEmail until then)',
    body: updateAccountBody,
    data: userEnvelopeData,
    // A new email without (or with a wrong) current password; a registrar's field; a taken email; too many wrong current passwords.
    errors: ['field_incorrect', 'set_by_registrar', 'email_taken', 'rate_limited'],
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: `${U}/confirm-email`,
    summary: `Make a pending email address the account's, with the token of the link emailed to it (single use, ${EMAIL_CHANGE_LINK_HOURS} hours)`,
    body: confirmEmailBody,
    data: userEnvelopeData,
    // email_taken: someone else took the address meanwhile.
    errors: ['email_token_malformed', 'email_token_unknown', 'email_token_used', 'email_token_expired', 'email_taken'],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: `${U}/change-password`,
    summary: 'Change password (other sessions are revoked; wrong old passwords are throttled like logins)',
    body: changePasswordBody,
    data: emptyData,
    errors: ['field_incorrect', 'same_password', 'password_too_common', 'rate_limited'],
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: `${U}/forgot-password`,
    summary: 'Ask for a password reset link by email (the same answer whether or not the account exists and whether or not an email goes; 429 only per address)',
    body: forgotPasswordBody,
    data: emptyData,
    // reset_unavailable: mail is off on this server.
    errors: ['rate_limited', 'reset_unavailable'],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: `${U}/reset-password`,
    summary: 'Set a new password with the token of a reset link (single use; every session of the user ends)',
    body: resetPasswordBody,
    data: emptyData,
    errors: ['reset_token_unknown', 'reset_token_used', 'reset_token_expired', 'password_too_common', 'rate_limited'],
  }),
  activity: endpoint({
    method: 'GET',
    path: `${U}/activity`,
    summary: 'My activity: every audit entry about me (my account, enrolments, records, credentials), newest first',
    query: activityQuery,
    data: auditPageSchema,
  }),
  getUser: endpoint({ method: 'GET', path: `${U}/getuser/:userId`, summary: 'A user, for those allowed to see them', data: userEnvelopeData, errors: ['user_not_found'] }),
};
