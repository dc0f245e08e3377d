import { fileUrl, type Branch, type User } from '@campus/contract';
import type { UserRow } from '../../db/schema';

/**
 * A user row as the user JSON: string id, numbers, ISO dates, never a hash. `pendingEmail` is the
 * address waiting for its confirmation link while that link still works (at `now`).
 */
export function presentUser(row: UserRow, now: Date): User {
  return {
    _id: row.id,
    registrationId: Number(row.registrationId),
    email: row.email,
    fullname: row.fullname,
    semester: row.semester,
    branch: row.branch as Branch | null,
    userrole: row.userrole === 1 ? 1 : 2,
    avatar: row.avatarFileId ? fileUrl(row.avatarFileId) : '',
    isExamOffice: row.isExamOffice,
    isAdmin: row.isAdmin,
    active: row.active,
    managed: row.managed,
    pendingEmail: row.pendingEmail !== null && row.emailChangeExpiresAt !== null && row.emailChangeExpiresAt > now ? row.pendingEmail : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
