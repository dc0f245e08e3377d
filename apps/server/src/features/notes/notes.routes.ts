import { MESSAGES, api, createNotesBody } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { removeStored } from '../../platform/files/remove-stored';
import { withUpload } from '../../platform/files/upload';
import { contractRoutes } from '../../platform/http/contract-route';
import { needed } from '../../platform/provide';
import { limiter } from '../../platform/limits/limiter';
import { assertOwner, courseOr404 } from '../courses';
import { canReadNotes } from './notes.policy';
import { presentNote } from './notes.presenter';
import { courseOfNotesFile, createNote, deleteNote, noteOr404, notesOfCourse, titleOfNotesFile } from './notes.service';

const { notes } = api;
const route = contractRoutes('notes');

/** /api/v1/notes, and who may download a notes file. */
export async function notesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const createPerUser = limiter(app, 'create-notes', app.config.rateLimits.createPerUser, 'notes', (r) => r.user!.id);

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

  app.route({
    ...route(notes.ofCourse, { access: 'user' }),
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      if (!(await canReadNotes(db, request.user!, course))) throw refuse('join_to_read_notes');
      return ok(reply, { notesofcourse: (await notesOfCourse(db, course.id)).map(presentNote) }, 'notes fetched successfully');
    },
  });

  app.route({
    ...route(notes.create, { access: 'professor' }),
    onRequest: [createPerUser],
    handler: async (request, reply) => {
      // Who may upload is settled before a byte of the file is stored.
      const course = await courseOr404(db, request.params.courseId);
      assertOwner(request.user!, course);
      return withUpload(request, app.fileStore, async (form) => {
        const { filename } = parseOrThrow(createNotesBody, form.fields);
        if (!form.file) throw refuse('field_required', { field: 'notesfile' });
        const note = await createNote({ db, notify: needed(app, 'notify') }, course, request.user!, filename, form.file);
        return ok(reply, { notes: presentNote(note) }, MESSAGES.notesAdded, 201);
      });
    },
  });

  app.route({
    ...route(notes.delete, { access: 'user' }),
    handler: async (request, reply) => {
      const { note, course } = await noteOr404(db, request.params.notesId);
      // Like the file itself: those who may not read the notes are told it does not exist.
      if (!(await canReadNotes(db, request.user!, course))) throw refuse('notes_not_found');
      assertOwner(request.user!, course);
      await removeStored(app.fileStore, await deleteNote(db, note), request.log);
      return ok(reply, {}, MESSAGES.notesDeleted);
    },
  });
}
