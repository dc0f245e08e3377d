import { ROLES } from '@campus/contract/constants';
import type { StoredUser } from '../../lib/secure-store';

type Viewer = Pick<StoredUser, 'userrole' | 'registrationId' | 'isExamOffice'>;

/**
 * The exam office (docs/product.md#roles): flagged by the server, or holding the registration id
 * the server is configured with (GET /config), whichever is known first.
 */
export const isExamOffice = (v: Viewer, examOfficeRegistrationId?: number) =>
  v.isExamOffice || (examOfficeRegistrationId !== undefined && v.registrationId === examOfficeRegistrationId);
export const isStudent = (v: Viewer) => v.userrole === ROLES.STUDENT;
export const isProfessor = (v: Viewer) => v.userrole === ROLES.PROFESSOR;
/**
 * The header badge's word (docs/product.md#header): the exam office is a professor account, yet it
 * teaches nothing, so it is named for what it does; every other professor is "Professor", as on
 * the profile page.
 */
export const badgeLabel = (v: Viewer, examOfficeRegistrationId?: number) =>
  isStudent(v) ? 'Student' : isExamOffice(v, examOfficeRegistrationId) ? 'Exam Office' : 'Professor';
export const profileLabel = (v: Viewer) => (isStudent(v) ? 'Student' : 'Professor');
