import { z } from 'zod';
import { endpoint } from './endpoint';
import { emptyData } from './envelope';
import { requiredLine } from './fields';
import { API_PREFIX } from './prefix';

export const NOTES_FILENAME_MAX = 200;

/** POST /notes/create-notes/:courseId: the text field beside the `notesfile` file. */
export const createNotesBody = z.object({
  filename: requiredLine('filename', NOTES_FILENAME_MAX),
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
}).meta({ id: 'Note' });
export type Note = z.infer<typeof noteSchema>;

export const notesOfCourseSchema = z.object({ notesofcourse: z.array(noteSchema) });
export type NotesOfCourse = z.infer<typeof notesOfCourseSchema>;

const N = `${API_PREFIX}/notes`;

/** The notes endpoints. */
export const notesApi = {
  ofCourse: endpoint({
    method: 'GET',
    path: `${N}/notesofcourse/:courseId`,
    summary: "A course's notes (owner, enrolled students, professors)",
    data: notesOfCourseSchema,
    errors: ['course_not_found', 'join_to_read_notes'],
  }),
  create: endpoint({
    method: 'POST',
    path: `${N}/create-notes/:courseId`,
    summary: 'Add a notes file (owner; multipart filename + notesfile)',
    multipart: { fields: createNotesBody, file: { field: 'notesfile', kind: 'notesfile', required: true } },
    data: z.object({ notes: noteSchema }),
    status: 201,
    errors: ['course_not_found', 'course_owner_only', 'rate_limited'],
  }),
  delete: endpoint({
    method: 'DELETE',
    path: `${N}/delete-notes/:notesId`,
    summary: 'Delete a notes file (owner of the course)',
    data: emptyData,
    errors: ['notes_not_found', 'course_owner_only'],
  }),
};
