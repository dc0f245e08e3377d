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
/** The weak ETag of a body: of the JSON, whatever encoding it is sent in. */
export const etagOf = (payload: string | Buffer): string => `W/"${hash('sha1', payload, 'base64url')}"`;

export function registerEtags(app: FastifyInstance): void {
  const compressed = new CompressedBodies();
  // A callback hook: every answer passes it, and most are not tagged (see security-headers.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.routeOptions.config?.etag || reply.statusCode !== 200) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // A kept answer (kept-answer.ts) brings the tag it was written with: no hashing per request.
    const tag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
    reply.header('etag', tag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
    const asked = request.headers['if-none-match'];
    if (asked !== undefined && asked.split(',').some((t) => t.trim() === tag || t.trim() === '*')) {
      reply.code(304);
      return done(null, '');
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding || Buffer.byteLength(payload) < COMPRESSION.threshold) return done(null, payload);
    // Encoded here, so @fastify/compress leaves it as it is.
    reply.header('content-encoding', encoding);
    compressed.get(tag, encoding, payload).then((body) => done(null, body), done);
  });
}
