import { rateLimitMessage } from '@campus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config/config';
import { rateLimited } from '../errors/app-error';

export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** "45 seconds", "3 minutes", "1 hour": how long until a limit lifts, for people. */
export function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The 429 of every limit: Retry-After in seconds, and a message that says when to try again. */
export function refuse(reply: FastifyReply, what: string, resetInMs: number): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))));
  throw rateLimited(rateLimitMessage(what, inWords(resetInMs)));
}

/**
 * A fixed-window limit on every request that reaches it, counted under `key(request)` (a user,
 * an address); a key of undefined is not limited. Use as onRequest (refused before the body is
 * read) or preHandler (after validation, so malformed requests do not use the allowance up).
 */
export function limiter(app: FastifyInstance, name: string, limit: RateLimit, what: string, key: (request: FastifyRequest) => string | undefined): LimitHook {
  return async (request, reply) => {
    const k = key(request);
    if (k === undefined) return;
    const { count, resetInMs } = await app.counters.increment(`${name}:${k}`, limit.windowMs);
    if (count > limit.max) refuse(reply, what, resetInMs);
  };
}
