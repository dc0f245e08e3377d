import { ROLES } from '@campus/contract';
import type { StoredUser } from '../../lib/secure-store';

type Viewer = Pick<StoredUser, 'userrole' | 'registrationId' | 'isExamOffice'>;

/** The exam office: flagged by the server, or the configured registration id (spec's {code}). */
export const isExamOffice = (v: Viewer, examOfficeId?: number) => v.isExamOffice || v.registrationId === examOfficeId;
export const isStudent = (v: Viewer) => v.userrole === ROLES.STUDENT;
export const isProfessor = (v: Viewer) => v.userrole === ROLES.PROFESSOR;
export const roleLabel = (v: Viewer) => (isStudent(v) ? 'Student' : 'Teacher');
