/**
 * What the app and other features may use of users: its routes, a user by id and as JSON, a
 * reset link (the administration sends one too), what an email the administration sets ends, and the exam office's and first
 * administrator's accounts at start-up, and the rules every change to an account keeps
 * (account-rules.ts: the last active administrator, the exam office, the registrar's fields).
 */
export { ensureAdmin, ensureExamOffice, findUserById, findUserByRegistrationId, recordSignIn } from './users.service';
export { issueInvitations, issueResetLink } from './password-reset';
export { emailReplacedBySomeoneElse } from './email-change';
export { anotherActiveAdministrator, assertAnActiveAdministrator, cohortOf, examOfficeFits, removesAnAdministrator } from './account-rules';
export { presentUser } from './users.presenter';
export { usersRoutes } from './users.routes';
export type { SetupAccount } from './accounts-deps';
