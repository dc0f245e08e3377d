import { api, todayIn } from '@campus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { needed } from '../../platform/provide';
import { byRequest } from '../audit';
import { assertCourseOwner, assignmentForClass, courseForClass } from './coursework.policy';
import { gradebookCsv, gradebookOf } from './gradebook';
import { putMark, returnMarks } from './marks.service';
import { dueSoonOf, myMarksOf } from './student-views';

const { coursework } = api;
const route = contractRoutes('coursework');

/**
 * Marks drafted and returned, the owner's gradebook, and a student's marks and work due soon. The
 * owner's calls are open to any user at the door: whoever is not of the class finds nothing (404),
 * and an enrolled student is told the call is the owner's (403), as for the assignments.
 */
export async function marksRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { config } = app;

  app.route({
    ...route(coursework.mark, { access: 'user' }),
    handler: async (request, reply) => {
      const access = await assignmentForClass(db, request.user!, request.params.assignmentId);
      assertCourseOwner(access);
      const mark = await putMark({ db, notify: needed(app, 'notify') }, byRequest(request), request.user!, access.course, access.assignment, request.params.studentId, request.body);
      return ok(reply, { mark }, 'marks saved');
    },
  });

  app.route({
    ...route(coursework.return, { access: 'user' }),
    handler: async (request, reply) => {
      const access = await assignmentForClass(db, request.user!, request.params.assignmentId);
      assertCourseOwner(access);
      const returned = await returnMarks({ db, notify: needed(app, 'notify') }, byRequest(request), request.user!, access.course, access.assignment, request.body.studentIds);
      return ok(reply, { returned }, 'marks returned');
    },
  });

  app.route({
    ...route(coursework.gradebook, { access: 'user' }),
    handler: async (request, reply) => {
      const access = await courseForClass(db, request.user!, request.params.courseId);
      assertCourseOwner(access);
      const book = await gradebookOf(db, access.course, config.now());
      if (request.query.format !== 'csv') return ok(reply, book, 'gradebook fetched successfully');
      const day = todayIn(config.campusTimeZone, config.now());
      // `?format=csv` answers a file, not the envelope the route's JSON answer is typed as.
      const file: FastifyReply = reply;
      return file
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gradebook-${access.course.coursenumber}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(gradebookCsv(book));
    },
  });

  app.route({
    ...route(coursework.myMarks, { access: 'student' }),
    handler: async (request, reply) => ok(reply, await myMarksOf(db, request.user!.id), 'marks fetched successfully'),
  });

  app.route({
    ...route(coursework.dueSoon, { access: 'student' }),
    handler: async (request, reply) => ok(reply, await dueSoonOf(db, request.user!.id, config.now()), 'work due soon fetched successfully'),
  });
}
