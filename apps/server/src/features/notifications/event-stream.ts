import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NotificationHub, Stream } from './notification-hub';

/**
 * Unsent bytes a stream may hold before its client counts as not reading and is dropped. The
 * socket's kernel buffers (megabytes) fill first; past them, this bounds what we keep. Above the
 * largest burst a reader gets at once: a reconnect's replay of up to 500 notifications (~165 KB).
 */
const STREAM_MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * The Server-Sent Events transport of one request: takes the reply over from Fastify, writes the
 * stream's headers and first retry hint, and hands the hub a `Stream` that writes frames to the
 * socket (dropping a client that stopped reading), then opens it from `afterSeq` (a reconnect's
 * last event id) or from now.
 */
export async function openEventStream(hub: NotificationHub, request: FastifyRequest, reply: FastifyReply, afterSeq: number | undefined): Promise<void> {
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
}
