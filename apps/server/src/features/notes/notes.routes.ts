import { API_PREFIX, MESSAGES, createNotesBody, requiredMessage, type NotesOfCourse } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { readMultipart } from '../../platform/files/upload';
import { limiter } from '../../platform/limits/limiter';
import { assertOwner, courseOr404 } from '../courses';
import { canReadNotes } from './notes.policy';
import { presentNote } from './notes.presenter';
import { courseOfNotesFile, createNote, deleteNote, noteOr404, notesOfCourse, titleOfNotesFile } from './notes.service';

const courseParams = z.object({ courseId: z.string().max(100) });
const notesParams = z.object({ notesId: z.string().max(100) });
const tags = ['notes'];

/** /api/v1/notes, and who may download a notes file. */
export async function notesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const createPerUser = limiter(app, 'create-notes', app.config.rateLimits.createPerUser, 'too many notes added this hour', (r) => r.user!.id);

  // The file URL gives no access by itself: the same readers as the course's notes list.
  // Its download is named after the note's title.
  app.fileAccess.register(
    'notesfile',
    async (user, file) => {
      const course = await courseOfNotesFile(db, file.id);
      return course !== undefined && (await canReadNotes(db, user, course));
    },
    (file) => titleOfNotesFile(db, file.id),
  );

  app.get(`${API_PREFIX}/notes/notesofcourse/:courseId`, {
    config: { access: 'user' },
    schema: { tags, summary: "A course's notes (owner, enrolled students, professors)", params: courseParams },
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      if (!(await canReadNotes(db, request.user!, course))) throw forbidden('join the course to read its notes');
      const data: NotesOfCourse = { notesofcourse: (await notesOfCourse(db, course.id)).map(presentNote) };
      return ok(reply, data, 'notes fetched successfully');
    },
  });

  app.post(`${API_PREFIX}/notes/create-notes/:courseId`, {
    config: { access: 'professor', upload: { field: 'notesfile', kind: 'notesfile' } },
    onRequest: [createPerUser],
    schema: { tags, summary: 'Add a notes file (owner; multipart filename + notesfile)', params: courseParams, consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      // Who may upload is settled before a byte of the file is stored.
      const course = await courseOr404(db, request.params.courseId);
      assertOwner(request.user!, course);
      const form = await readMultipart(request, app.fileStore);
      try {
        const { filename } = parseOrThrow(createNotesBody, form.fields);
        if (!form.file) throw badRequest(requiredMessage('notesfile'));
        const note = await createNote(db, course, filename, form.file);
        return ok(reply, { notes: presentNote(note) }, MESSAGES.notesAdded, 201);
      } catch (err) {
        if (form.file) await app.fileStore.delete(form.file.key);
        throw err;
      }
    },
  });

  app.delete(`${API_PREFIX}/notes/delete-notes/:notesId`, {
    config: { access: 'user' },
    schema: { tags, summary: 'Delete a notes file (owner of the course)', params: notesParams },
    handler: async (request, reply) => {
      const { note, course } = await noteOr404(db, request.params.notesId);
      // Like the file itself: those who may not read the notes are told it does not exist.
      if (!(await canReadNotes(db, request.user!, course))) throw notFound('notes not found');
      assertOwner(request.user!, course);
      const keys = await deleteNote(db, note);
      // The rows (and so the URL) are gone; bytes that fail to go are orphans, not a failed delete.
      await Promise.all(keys.map((key) => app.fileStore.delete(key).catch((err: unknown) => request.log.warn({ err, key }, 'notes file bytes not removed (orphaned)'))));
      return ok(reply, {}, MESSAGES.notesDeleted);
    },
  });
}
