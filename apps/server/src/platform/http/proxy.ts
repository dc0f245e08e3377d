import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/config';

/**
 * TRUST_PROXY as Fastify's trustProxy. A hop count becomes "the nearest N hops are proxies":
 * Fastify 5 trusts nothing for a bare number (it cannot tell the proxy from a client that
 * reached the instance directly), so this assumes what the deployment recipe asks for, that the
 * instances listen where only the proxy reaches them. Addresses and `true` pass as they are.
 */
export function trustProxyOption(trust: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Whether the browser reached the portal over HTTPS: directly, through a trusted proxy
 * (request.protocol reads X-Forwarded-Proto then), or as PUBLIC_ORIGIN says. Decides the Secure
 * cookie flag and HSTS.
 */
export const overHttps = (request: FastifyRequest): boolean =>
  request.protocol === 'https' || request.server.config.publicOrigin?.startsWith('https:') === true;
