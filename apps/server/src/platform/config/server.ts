import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { concern } from './concern';
import { optionalText, positiveInt } from './fields';

/** The process itself: where it listens, what it believes of proxies, where it is reached, what it logs and serves. */

/** Headers within 15 s; a body at 1 KB/s at least, over 30 s windows; an early-answered body drained for 30 s. */
const CONNECTION_DEFAULTS = { headersTimeoutMs: 15_000, bodyWindowMs: 30_000, bodyMinBytes: 30 * 1024, lingerMs: 30_000 };

/** An IPv4 or IPv6 address, with or without a CIDR prefix length. */
export function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const trustProxy = optionalText.transform((v, ctx): boolean | number | string => {
  if (v === undefined || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const addresses = v.split(',').map((a) => a.trim());
  if (!addresses.every(isAddressOrRange)) {
    ctx.addIssue({ code: 'custom', message: 'must be a hop count (e.g. 1) or the proxies\' addresses, comma-separated IPs or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)' });
    return z.NEVER;
  }
  return addresses.join(',');
});

/** The origin of an http(s) URL with nothing after its host, or undefined. */
function publicOriginOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
    return (url.protocol === 'https:' || url.protocol === 'http:') && bare ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The portal's public address, as its origin: an email's links and a feed's address are built on it. */
const publicOrigin = optionalText.transform((v, ctx) => {
  if (v === undefined) return undefined;
  const origin = publicOriginOf(v);
  if (origin === undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be the portal\'s public address alone, e.g. https://portal.example.edu' });
    return z.NEVER;
  }
  return origin;
});

/** Where the built web app lives: apps/web/dist next to this app, from src (tsx) or dist (bundle). */
function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // dist/server.js -> apps/server ; src/platform/config/server.ts -> apps/server
  const serverRoot = path.basename(here) === 'dist' ? path.resolve(here, '..') : path.resolve(here, '../../..');
  return path.resolve(serverRoot, '../web/dist');
}

export const server = concern({
  env: {
    PORT: positiveInt('PORT', 8000),
    HOST: z.string().default('0.0.0.0'),
    TRUST_PROXY: trustProxy,
    PUBLIC_ORIGIN: publicOrigin,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: optionalText,
  },
  config: (e) => ({
    port: e.PORT,
    host: e.HOST,
    /**
     * Passed to Fastify's trustProxy: false, a hop count, or the proxies' addresses (comma-separated
     * IPs or CIDR ranges); true (any client's forwarded headers believed) is allowed with a warning.
     */
    trustProxy: e.TRUST_PROXY,
    /** The portal's public address (scheme, host, port), e.g. https://portal.example.edu; unset: taken from each request. */
    publicOrigin: e.PUBLIC_ORIGIN,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist(),
    /**
     * How slow a client may be (decision 0010). Not environment variables: tests shorten them.
     * A body must bring `bodyMinBytes` every `bodyWindowMs`; a body answered early is drained for
     * `lingerMs`; the request line and headers must arrive within `headersTimeoutMs`.
     */
    connections: CONNECTION_DEFAULTS,
  }),
});
