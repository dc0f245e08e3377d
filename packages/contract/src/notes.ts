import { z } from 'zod';
import { requiredText } from './fields';

export const NOTES_FILENAME_MAX = 200;

/** POST /notes/create-notes/:courseId: the text field beside the `notesfile` file. */
export const createNotesBody = z.object({
  filename: requiredText('filename', NOTES_FILENAME_MAX),
});
export type CreateNotesBody = z.infer<typeof createNotesBody>;

/**
 * A note as JSON: `notesfile` downloads only for the course's readers. `size` (bytes) and `type`
 * (the stored MIME type, read from the file's bytes) let a list say "PDF · 2.4 MB" before anyone
 * downloads it.
 */
export const noteSchema = z.object({
  _id: z.string(),
  filename: z.string(),
  notesfile: z.string(),
  createdAt: z.string(),
  size: z.number().int().nonnegative(),
  type: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export interface NotesOfCourse {
  notesofcourse: Note[];
}
