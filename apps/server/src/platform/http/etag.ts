import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { COMPRESSION, CompressedBodies, acceptedEncoding } from './compression';

/**
 * The big lists a client asks for again and again (its notifications, the course listings):
 * routes with `config.etag` answer with an ETag of their body and `private, no-cache` (the
 * browser keeps the answer but asks each time), and a request whose If-None-Match names the
 * same body gets 304 with nothing in it: a poll or a revisit costs a few hundred bytes instead of
 * the list. The tag is of the JSON whatever the encoding (weak, as RFC 9110 wants then), and the
 * compressed body is kept by tag, so a list the same for everyone is compressed once.
 */
export function registerEtags(app: FastifyInstance): void {
  const compressed = new CompressedBodies();
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config?.etag || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = `W/"${hash('sha1', payload, 'base64url')}"`;
    reply.header('etag', tag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
    const asked = request.headers['if-none-match'];
    if (asked !== undefined && asked.split(',').some((t) => t.trim() === tag || t.trim() === '*')) {
      reply.code(304);
      return '';
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding || Buffer.byteLength(payload) < COMPRESSION.threshold) return payload;
    // Encoded here, so @fastify/compress leaves it as it is.
    reply.header('content-encoding', encoding);
    return compressed.get(tag, encoding, payload);
  });
}
