import { fileUrl, type Application, type Marksheet } from '@campus/contract';
import type { MarksheetRow } from '../../db/schema';
import type { NamedApplication } from './marksheets.service';

export function presentApplication(row: NamedApplication): Application {
  const applicant = { fullname: row.applicant.fullname, registrationId: row.applicant.registrationId };
  return {
    _id: row.id,
    from: row.fromId,
    applicant,
    content: row.content,
    semester: row.semester,
    replied: row.replied,
    declined: row.declinedAt !== null,
    reason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `marksheet` is the download URL; a replaced file gets a new one. */
export function presentMarksheet(row: MarksheetRow): Marksheet {
  return { _id: row.id, semester: row.semester, marksheet: fileUrl(row.fileId), owner: row.ownerId, createdAt: row.createdAt.toISOString() };
}
