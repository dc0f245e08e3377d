import { api, createAssignmentFields } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { removeStored } from '../../platform/files/remove-stored';
import { withUpload } from '../../platform/files/upload';
import { contractRoutes } from '../../platform/http/contract-route';
import { isUuid } from '../../platform/http/ids';
import { limiter } from '../../platform/limits/limiter';
import { needed } from '../../platform/provide';
import { byRequest } from '../audit';
import { presentAssignment } from './assignments.presenter';
import { assignmentView, assignmentsOfCourse, createAssignment, deleteAssignment, setExtension, updateAssignment, type AssignmentsDeps } from './assignments.service';
import { assertCourseOwner, assignmentForClass, courseForClass } from './coursework.policy';
import { canReadAttachment, canReadSubmissionFile, nameOfSubmissionFile } from './files.policy';

const { coursework } = api;
const route = contractRoutes('coursework');

/** Assignments and class tests: set, listed, read, edited, deleted; a student's own due time. */
export async function assignmentsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const now = app.config.now;
  const deps: AssignmentsDeps = { db, notify: needed(app, 'notify'), now };
  const createPerUser = limiter(app, 'create-assignment', app.config.rateLimits.createPerUser, 'assignments', (r) => r.user!.id);

  // An attachment is the class's: its owner and enrolled students download it once published.
  app.fileAccess.register('attachment', (user, file) => canReadAttachment(db, user, file.id));
  // A handed-in file: the student's and the owner's alone, named as it was handed in.
  app.fileAccess.register('submission', (user, file) => canReadSubmissionFile(db, user, file.id), (file) => nameOfSubmissionFile(db, file.id));

  app.route({
    ...route(coursework.create, { access: 'user' }),
    onRequest: [createPerUser],
    handler: async (request, reply) => {
      // Who may set work is settled before a byte of an attachment is stored.
      const access = await courseForClass(db, request.user!, request.params.courseId);
      assertCourseOwner(access);
      return withUpload(request, app.fileStore, async (form) => {
        const fields = parseOrThrow(createAssignmentFields, form.fields);
        const view = await createAssignment(deps, access.course, request.user!, fields, form.files);
        return ok(reply, { assignment: presentAssignment(view, now()) }, 'assignment created', 201);
      });
    },
  });

  app.route({
    ...route(coursework.ofCourse, { access: 'user' }),
    handler: async (request, reply) => {
      const { course, as } = await courseForClass(db, request.user!, request.params.courseId);
      const views = await assignmentsOfCourse(db, course, { as, userId: request.user!.id });
      const at = now();
      return ok(reply, { assignments: views.map((v) => presentAssignment(v, at)) }, 'assignments fetched');
    },
  });

  app.route({
    ...route(coursework.get, { access: 'user' }),
    handler: async (request, reply) => {
      const { assignment, as } = await assignmentForClass(db, request.user!, request.params.assignmentId);
      const view = await assignmentView(db, assignment, { as, userId: request.user!.id });
      return ok(reply, { assignment: presentAssignment(view, now()) }, 'assignment fetched');
    },
  });

  app.route({
    ...route(coursework.update, { access: 'user' }),
    handler: async (request, reply) => {
      const access = await assignmentForClass(db, request.user!, request.params.assignmentId);
      assertCourseOwner(access);
      const updated = await updateAssignment(deps, access.course, request.user!, access.assignment, request.body);
      const view = await assignmentView(db, updated, { as: 'owner', userId: request.user!.id });
      return ok(reply, { assignment: presentAssignment(view, now()) }, 'assignment updated');
    },
  });

  app.route({
    ...route(coursework.delete, { access: 'user' }),
    handler: async (request, reply) => {
      const access = await assignmentForClass(db, request.user!, request.params.assignmentId);
      assertCourseOwner(access);
      await removeStored(app.fileStore, await deleteAssignment(db, access.assignment), request.log);
      return ok(reply, {}, 'assignment deleted');
    },
  });

  app.route({
    ...route(coursework.extend, { access: 'user' }),
    handler: async (request, reply) => {
      const access = await assignmentForClass(db, request.user!, request.params.assignmentId);
      assertCourseOwner(access);
      const { studentId } = request.params;
      if (!isUuid(studentId)) throw refuse('student_not_enrolled');
      const extension = await setExtension(db, byRequest(request), access.course, access.assignment, studentId, request.body.dueAt, now());
      return ok(reply, { extension }, extension.dueAt ? 'extension granted' : 'extension removed');
    },
  });
}
