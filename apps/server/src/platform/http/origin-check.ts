import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuse } from '../errors/app-error';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when `origin` names `host` (ports normalised per the origin's scheme). */
function sameHost(origin: string, host: string): boolean {
  try {
    const o = new URL(origin);
    return o.host === new URL(`${o.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * Whether a browser's Origin is this portal's: exactly PUBLIC_ORIGIN when it is configured,
 * otherwise the host the request was sent to. Behind a trusted proxy (TRUST_PROXY) that is the
 * host the browser used, from X-Forwarded-Host, not the one the proxy rewrote it to.
 */
function isOwnOrigin(request: FastifyRequest, origin: string): boolean {
  const { publicOrigin } = request.server.config;
  if (publicOrigin !== undefined) return origin === publicOrigin;
  return sameHost(origin, request.host);
}

/**
 * Refuses state-changing requests made by another site (CSRF defence on top of SameSite=Lax):
 * `Sec-Fetch-Site: cross-site`, or an `Origin` that is not the portal's own.
 * Requests with neither header (curl, old clients) pass: they carry no ambient browser cookies
 * from another site. A route marked `crossSite` (a sign-in provider's) is proven otherwise.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  // A callback hook: every request passes it, most of them reads (see security-headers.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE.has(request.method) || request.routeOptions.config?.crossSite) return done();
    const origin = request.headers.origin;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && !isOwnOrigin(request, origin));
    done(crossSite ? refuse('cross_origin') : undefined);
  });
}
