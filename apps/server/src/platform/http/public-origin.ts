import type { FastifyRequest } from 'fastify';

/**
 * The portal's address as people reach it, for links the server writes (a calendar feed's
 * address, the links inside it): PUBLIC_ORIGIN when configured, otherwise the scheme and host of
 * this request (behind a trusted proxy, those the browser used).
 */
export function publicOrigin(request: FastifyRequest): string {
  const { publicOrigin: configured } = request.server.config;
  if (configured !== undefined) return configured;
  // Through URL, so a default port is dropped (`http://host:80` is `http://host`).
  return new URL(`${request.protocol}://${request.host}`).origin;
}
