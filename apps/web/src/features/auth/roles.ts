import { ROLES } from '@campus/contract/constants';
import type { StoredUser } from '../../lib/secure-store';

type Viewer = Pick<StoredUser, 'userrole' | 'registrationId' | 'isExamOffice' | 'isAdmin'>;

/**
 * The exam office: the server's flag on the user alone decides, as it does for the server's own
 * access checks. The registration id in GET /config is not compared here: the flag is the one
 * answer, so the header, the home cards and the pages cannot disagree about who is the office.
 */
export const isExamOffice = (v: Viewer) => v.isExamOffice;
/** An administrator, by the server's flag alone, like the exam office. */
export const isAdmin = (v: Viewer) => v.isAdmin;
export const isStudent = (v: Viewer) => v.userrole === ROLES.STUDENT;
export const isProfessor = (v: Viewer) => v.userrole === ROLES.PROFESSOR;
/**
 * The header badge's word (docs/product.md#header): the exam office and an administrator are
 * professor accounts, yet teach nothing as such, so each is named for what it does; every other
 * professor is "Professor", as on the profile page.
 */
export const badgeLabel = (v: Viewer) => (isStudent(v) ? 'Student' : isAdmin(v) ? 'Administrator' : isExamOffice(v) ? 'Exam Office' : 'Professor');
export const profileLabel = (v: Viewer) => (isStudent(v) ? 'Student' : 'Professor');
