import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of one plugin scope read `application/x-www-form-urlencoded` bodies, of at most
 * `limit` bytes, as flat objects (a repeated name keeps its last value). Only the routes that
 * another party posts as a form take it (an email's one-click unsubscribe, a sign-in provider's
 * answer); everywhere else it stays a 415.
 */
export function acceptFormBodies(app: FastifyInstance, limit: number): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: limit }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
