import { ROLES, type AdminUpdateUserBody } from '@campus/contract';
import type { UserRow } from '../../db/schema';

/** Whether the change takes administration away from an account that has it now (demoted, or switched off). */
export const removesAnAdministrator = (user: UserRow, change: AdminUpdateUserBody) =>
  user.isAdmin && user.active && (change.isAdmin === false || change.active === false);

/** Whether the change may take administration away from someone: then the administrators are locked first. */
export const mayRemoveAnAdministrator = (change: AdminUpdateUserBody) => change.isAdmin === false || change.active === false;

/**
 * The exam office is a professor's role (the 'examOffice' access and its notices admit professors
 * only): a student account with it would hold a role it could not use.
 */
export const examOfficeFits = (user: UserRow, change: AdminUpdateUserBody) =>
  !(change.isExamOffice ?? user.isExamOffice) || (change.userrole ?? user.userrole) === ROLES.PROFESSOR;
