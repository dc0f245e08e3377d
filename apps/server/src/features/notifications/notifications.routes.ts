import { RECENT_DEFAULT, api } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { sendKept } from '../../platform/http/kept-answer';
import { openEventStream } from './event-stream';
import { NotificationLists } from './notification-lists';
import { markAllRead, markRead, recentUnread, seqOf, unreadCounts } from './notifications.service';

const { notifications } = api;
const route = contractRoutes('notifications');
/** /api/v1/notifications: the lists, marking read, and the live stream (Server-Sent Events). */
export async function notificationsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const hub = app.notificationHub;
  const lists = new NotificationLists(db);

  app.route({
    ...route(notifications.list, { access: 'user', etag: true }),
    handler: async (request, reply) => sendKept(reply, await lists.answerOf(request.user!.id, 'notifications fetched successfully')),
  });

  app.route({
    ...route(notifications.unreadCount, { access: 'user' }),
    handler: async (request, reply) => {
      const unread = (await unreadCounts(db, [request.user!.id])).get(request.user!.id) ?? 0;
      return ok(reply, { unread }, 'unread count fetched successfully');
    },
  });

  app.route({
    ...route(notifications.recent, { access: 'user' }),
    handler: async (request, reply) => {
      const userId = request.user!.id;
      const [items, counts] = await Promise.all([recentUnread(db, userId, request.query.limit ?? RECENT_DEFAULT), unreadCounts(db, [userId])]);
      return ok(reply, { notifications: items, unread: counts.get(userId) ?? 0 }, 'notifications fetched successfully');
    },
  });

  app.route({
    ...route(notifications.read, { access: 'user' }),
    handler: async (request, reply) => {
      // An id that is not a seq names no notification: 404, like someone else's.
      const seq = seqOf(request.params.notificationId);
      if (seq === undefined || !(await markRead(db, request.user!.id, seq))) throw refuse('notification_not_found');
      return ok(reply, {}, 'notification marked as read');
    },
  });

  app.route({
    ...route(notifications.readAll, { access: 'user' }),
    handler: async (request, reply) => {
      await markAllRead(db, request.user!.id);
      return ok(reply, {}, 'all notifications marked as read');
    },
  });

  app.route({
    ...route(notifications.stream, { access: 'user' }),
    handler: async (request, reply) => {
      const given = request.headers['last-event-id'] ?? request.query.lastEventId;
      // Event ids are seqs, like notification ids; anything else is ignored (a fresh start).
      const afterSeq = typeof given === 'string' ? seqOf(given) : undefined;
      return openEventStream(hub, request, reply, afterSeq);
    },
  });
}
