import type { AdminRoleFilter } from '@campus/contract/admin';
import type { User } from '@campus/contract/users';
import type { UserFilter } from './keys';

/** The role filter's choices, each as the list names it. */
export const ROLE_LABELS: Record<AdminRoleFilter, string> = {
  student: 'Students',
  professor: 'Professors',
  examOffice: 'Exam office',
  admin: 'Administrators',
};

const isRole = (value: string): value is AdminRoleFilter => Object.hasOwn(ROLE_LABELS, value);

/** The users list's filters from the URL's query; a value the list does not offer counts as none. */
export function userFilterOf(params: URLSearchParams): UserFilter {
  const role = params.get('role') ?? '';
  const active = params.get('active') ?? '';
  return {
    q: (params.get('q') ?? '').trim(),
    role: isRole(role) ? role : '',
    active: active === 'true' || active === 'false' ? active : '',
  };
}

/** A filter as a URL query, leaving out what is not set. */
export const queryOf = (filter: object) => new URLSearchParams(Object.entries(filter).filter(([, v]) => typeof v === 'string' && v !== ''));

/** What a user is, in a few words: their role, and the staff roles they carry. */
export function rolesOf(user: User): string[] {
  return [user.userrole === 1 ? 'Professor' : 'Student', ...(user.isExamOffice ? ['Exam office'] : []), ...(user.isAdmin ? ['Administrator'] : [])];
}
