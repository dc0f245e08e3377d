import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { refuse } from '../errors/app-error';

/**
 * A host as a browser sends it (RFC 9110 §7.2, RFC 3986 §3.2.2): a name of letters, digits,
 * hyphens and underscores in dot-separated labels (an IPv4 address is one), or an IPv6 address
 * in brackets; then an optional port, 1 to 65535. Browsers send international names as punycode.
 */
const HOST = /^(?:\[([0-9A-Fa-f:.]+)\]|[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?)(?::(\d{1,5}))?$/;

export function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match) return false;
  const [, ipv6, port] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/**
 * Refuses a request whose host (the Host header, or X-Forwarded-Host through a trusted proxy) is
 * not one, with a 400 naming it, before any route runs. The host is what links are built on
 * without PUBLIC_ORIGIN (platform/http/public-origin.ts) and what the origin check compares
 * with: `[::1`, `a b` or `x:99999` would otherwise fail deep inside a route as a 500, and
 * `user@evil.example` would pass as the host `evil.example`. Node itself answers a request with
 * no Host at all (400).
 */
export function registerHostCheck(app: FastifyInstance): void {
  // A callback hook: every request passes it (see security-headers.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    done(isValidHost(request.host) ? undefined : refuse('bad_host'));
  });
}
