import { fileUrl, type Note } from '@campus/contract';
import type { NoteRow } from '../../db/schema';

/** A note as API.md's JSON; `notesfile` is the access-checked download URL. */
export function presentNote(row: NoteRow): Note {
  return { _id: row.id, filename: row.filename, notesfile: fileUrl(row.fileId), createdAt: row.createdAt.toISOString() };
}
