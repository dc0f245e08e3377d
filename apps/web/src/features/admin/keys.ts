import type { AdminRoleFilter } from '@campus/contract/admin';
import type { AuditAction } from '@campus/contract/audit';

/** The users list's filters as the URL holds them; '' is "any". */
export interface UserFilter {
  q: string;
  role: AdminRoleFilter | '';
  active: '' | 'true' | 'false';
}

/** The audit log's filters as the URL holds them (user ids and an action); '' is "any". */
export interface AuditFilter {
  actor: string;
  target: string;
  action: AuditAction | '';
  /** A person, as actor or target: a registration id's first digits, or part of a name or email. */
  q: string;
  /** The first and last days, `YYYY-MM-DD` in CAMPUS_TZ, or ''. */
  from: string;
  to: string;
}

/**
 * Every administration query lives under this prefix. The rule: a change to a user (a field, a
 * role, the state, a reset link sent) marks all of it stale, since it shows in the list, on the
 * user's page and as a new audit entry.
 */
export const adminKey = ['admin'] as const;

/** One's own activity: a change an administrator makes to themselves adds to it too. */
export const activityKey = ['activity'] as const;

export const adminKeys = {
  users: (filter: UserFilter) => [...adminKey, 'users', filter] as const,
  user: (userId: string) => [...adminKey, 'user', userId] as const,
  audit: (filter: AuditFilter) => [...adminKey, 'audit', filter] as const,
  signInProviders: [...adminKey, 'sign-in', 'providers'] as const,
  signInTest: (testId: string) => [...adminKey, 'sign-in', 'test', testId] as const,
};
