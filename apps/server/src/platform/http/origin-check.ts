import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors/app-error';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when Origin names the host the request was sent to (ports normalised per scheme). */
function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const o = new URL(origin);
    return o.host === new URL(`${o.protocol}//${host}`).host;
  } catch {
    return false;
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
    if (origin !== undefined && !sameHost(origin, request.headers.host)) {
      throw forbidden('cross-origin request refused');
    }
  });
}
