import { fileUrl, type Note } from '@campus/contract';
import type { FileRow, NoteRow } from '../../db/schema';

/** A note with what its list shows of the stored file: its size and MIME type. */
export interface NoteWithFile {
  note: NoteRow;
  file: Pick<FileRow, 'contentType' | 'sizeBytes'>;
}

/** A note as the contract's JSON; `notesfile` is the access-checked download URL. */
export function presentNote({ note, file }: NoteWithFile): Note {
  return {
    _id: note.id,
    filename: note.filename,
    notesfile: fileUrl(note.fileId),
    createdAt: note.createdAt.toISOString(),
    size: file.sizeBytes,
    type: file.contentType,
  };
}
