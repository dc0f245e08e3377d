import { api } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { limiter } from '../../platform/limits/limiter';
import { needed } from '../../platform/provide';
import { assertCourseOwner, courseForClass, roleIn } from './coursework.policy';
import { addComment, announce, commentOr404, deleteComment, deletePost, postOr404, streamPage } from './stream.service';

const { coursework } = api;
const route = contractRoutes('coursework');

/**
 * A course's stream: its class (owner and enrolled students) reads it and comments; the owner
 * announces and deletes posts; a comment goes by its author's hand or the owner's. Anyone else
 * finds nothing (404), as for the course's other coursework.
 */
export async function streamRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // Posts and comments count together against the per-user creation limit of the portal's other writes.
  const writePerUser = limiter(app, 'stream-writes', app.config.rateLimits.createPerUser, 'stream', (r) => r.user!.id);

  app.route({
    ...route(coursework.stream, { access: 'user' }),
    handler: async (request, reply) => {
      const { course } = await courseForClass(db, request.user!, request.params.courseId);
      return ok(reply, await streamPage(db, course.id, request.query), 'stream fetched successfully');
    },
  });

  app.route({
    ...route(coursework.post, { access: 'user' }),
    onRequest: [writePerUser],
    handler: async (request, reply) => {
      const access = await courseForClass(db, request.user!, request.params.courseId);
      assertCourseOwner(access);
      const post = await announce({ db, notify: needed(app, 'notify') }, request.user!, access.course, request.body.text);
      return ok(reply, { post }, 'posted', 201);
    },
  });

  app.route({
    ...route(coursework.comment, { access: 'user' }),
    onRequest: [writePerUser],
    handler: async (request, reply) => {
      const { post, course } = await postOr404(db, request.params.postId);
      if (!(await roleIn(db, request.user!, course))) throw refuse('post_not_found');
      const comment = await addComment({ db, notify: needed(app, 'notify') }, request.user!, post, course, request.body.text);
      return ok(reply, { comment }, 'comment added', 201);
    },
  });

  app.route({
    ...route(coursework.deletePost, { access: 'user' }),
    handler: async (request, reply) => {
      const { post, course } = await postOr404(db, request.params.postId);
      const as = await roleIn(db, request.user!, course);
      if (!as) throw refuse('post_not_found');
      assertCourseOwner({ course, as });
      await deletePost(db, post.id);
      return ok(reply, {}, 'post deleted');
    },
  });

  app.route({
    ...route(coursework.deleteComment, { access: 'user' }),
    handler: async (request, reply) => {
      const { comment, course } = await commentOr404(db, request.params.commentId);
      const as = await roleIn(db, request.user!, course);
      if (!as) throw refuse('comment_not_found');
      if (as !== 'owner' && comment.authorId !== request.user!.id) throw refuse('comment_author_only');
      await deleteComment(db, comment.id);
      return ok(reply, {}, 'comment deleted');
    },
  });
}
