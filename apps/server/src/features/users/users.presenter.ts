import { fileUrl, type Branch, type User } from '@campus/contract';
import type { UserRow } from '../../db/schema';

/** A user row as API.md's user JSON: string id, numbers, ISO dates, never the hash. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    registrationId: Number(row.registrationId),
    email: row.email,
    fullname: row.fullname,
    semester: row.semester,
    branch: row.branch as Branch,
    userrole: row.userrole === 1 ? 1 : 2,
    avatar: row.avatarFileId ? fileUrl(row.avatarFileId) : '',
    isExamOffice: row.isExamOffice,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
