import type { LimitReason } from '@campus/contract/limit-reasons';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config/config';
import { refuse } from '../errors/app-error';

export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The 429 of every limit: Retry-After in seconds, and the limit and the wait as the refusal's params. */
export function limitReached(reply: FastifyReply, limit: LimitReason, resetInMs: number): never {
  const retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
  reply.header('retry-after', String(retryAfterSeconds));
  throw refuse('rate_limited', { params: { limit, retryAfterSeconds } });
}

/**
 * A fixed-window limit on every request that reaches it, counted under `key(request)` (a user,
 * an address); a key of undefined is not limited. Use as onRequest (refused before the body is
 * read) or preHandler (after validation, so malformed requests do not use the allowance up).
 */
export function limiter(app: FastifyInstance, name: string, limit: RateLimit, what: LimitReason, key: (request: FastifyRequest) => string | undefined): LimitHook {
  return async (request, reply) => {
    const k = key(request);
    if (k === undefined) return;
    const { count, resetInMs } = await app.counters.increment(`${name}:${k}`, limit.windowMs);
    if (count > limit.max) limitReached(reply, what, resetInMs);
  };
}
