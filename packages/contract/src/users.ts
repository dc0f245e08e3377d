import { z } from 'zod';
import { BRANCHES, DEFAULT_BRANCH, DEFAULT_SEMESTER } from './constants';
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
import { fieldLabel as label, requiredMessage } from './labels';

/** POST /users/register: the text fields of the multipart body (the avatar file travels beside them). */
export const registerBody = z.object({
  registrationId: registrationIdField,
  email: emailField,
  fullname: fullnameField,
  password: passwordField(),
  semester: semesterField.default(DEFAULT_SEMESTER),
  branch: branchField.default(DEFAULT_BRANCH),
  userrole: userroleField,
  /** Required for professors only when the server has a staff signup code configured. */
  staffcode: textField('staffcode').max(200, { error: `${label('staffcode')} is too long` }).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;
export type RegisterInput = z.input<typeof registerBody>;

/** POST /users/login */
export const loginBody = z.object({
  registrationId: registrationIdField,
  password: textField('password', requiredMessage('password'))
    .min(1, { error: requiredMessage('password') })
    .max(1024, { error: `${label('password')} is too long` }),
});
export type LoginBody = z.infer<typeof loginBody>;

/** PATCH /users/update-account. Unknown keys (registrationId, userrole, _id…) are dropped, not refused. */
export const updateAccountBody = z.object({
  email: emailField,
  fullname: fullnameField,
  branch: branchField,
  semester: semesterField,
});
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

/** POST /users/change-password */
export const changePasswordBody = z.object({
  oldpassword: textField('oldpassword', requiredMessage('oldpassword'))
    .min(1, { error: requiredMessage('oldpassword') })
    .max(1024, { error: `${label('oldpassword')} is too long` }),
  newpassword: passwordField('newpassword'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** A user as JSON (API.md "Users"). Never a hash, session or token. */
export const userSchema = z.object({
  _id: z.string(),
  registrationId: z.number().int(),
  email: z.string(),
  fullname: z.string(),
  semester: z.number().int(),
  branch: z.enum(BRANCHES),
  userrole: z.union([z.literal(1), z.literal(2)]),
  avatar: z.string(),
  isExamOffice: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userEnvelopeData = z.object({ user: userSchema });
