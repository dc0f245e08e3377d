import { RECENT_DEFAULT, REFUSALS, api } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import type { Stream } from './notification-hub';
import { markAllRead, markRead, notificationsOf, recentUnread, seqOf, unreadCounts } from './notifications.service';

const { notifications } = api;
const route = contractRoutes('notifications');
/**
 * Unsent bytes a stream may hold before its client counts as not reading and is dropped. The
 * socket's kernel buffers (megabytes) fill first; past them, this bounds what we keep. Above the
 * largest burst a reader gets at once: a reconnect's replay of up to 500 notifications (~165 KB).
 */
export const STREAM_MAX_BUFFERED_BYTES = 256 * 1024;

/** /api/v1/notifications: the lists, marking read, and the live stream (Server-Sent Events). */
export async function notificationsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const hub = app.notificationHub;

  app.route({
    ...route(notifications.list, { access: 'user', etag: true }),
    handler: async (request, reply) => ok(reply, await notificationsOf(db, request.user!.id), 'notifications fetched successfully'),
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
      if (seq === undefined || !(await markRead(db, request.user!.id, seq))) throw notFound(REFUSALS.notificationNotFound);
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
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Reverse proxies must pass events through as they come, not buffer them.
        'x-accel-buffering': 'no',
        // The connection ends with the stream: an ended stream must not linger as an idle
        // keep-alive connection that a shutting-down server would wait for.
        connection: 'close',
      });
      res.write('retry: 3000\n\n');
      // The stream outlives the socket idle timeout: heartbeats, not silence, tell it is alive.
      request.raw.socket.setTimeout(0);
      const stream: Stream = {
        userId: request.user!.id,
        sessionHash: request.sessionHash!,
        lastSeq: afterSeq ?? 0,
        alive: () => !res.destroyed && !res.writableEnded,
        write: (text) => {
          if (res.destroyed || res.writableEnded) return false;
          // A client that stopped reading: what the socket would not take piles up here. Past a
          // bound it is dropped rather than buffered without end (it reconnects when it reads).
          if (res.writableLength > STREAM_MAX_BUFFERED_BYTES) {
            res.destroy();
            return false;
          }
          res.write(text);
          return true;
        },
        close: (retryMs) => res.end(retryMs === undefined ? undefined : `retry: ${retryMs}\n\n`),
      };
      // A hijacked reply gets no request line: a stream's opening and end are logged instead,
      // so an operator sees where each user's stream is and how long it lasted.
      const opened = performance.now();
      const line = { method: request.method, url: request.routeOptions.url, userId: stream.userId };
      request.log.info(line, 'stream opened');
      request.raw.on('close', () => {
        hub.remove(stream);
        request.log.info({ ...line, ms: Math.round(performance.now() - opened) }, 'stream closed');
      });
      try {
        await hub.open(stream, afterSeq);
      } catch (err) {
        request.log.error({ err }, 'notification stream failed to open');
        res.end();
      }
    },
  });
}
