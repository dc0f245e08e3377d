import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors/app-error';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests made by another site (CSRF defence on top of SameSite=Lax):
 * `Sec-Fetch-Site: cross-site`, or an `Origin` whose host is not this request's Host.
 * Requests with neither header (curl, old clients) pass: they carry no ambient browser cookies
 * from another site.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('cross-origin request refused');
    const origin = request.headers.origin;
    if (origin !== undefined && originHost(origin) !== request.headers.host) {
      throw forbidden('cross-origin request refused');
    }
  });
}
