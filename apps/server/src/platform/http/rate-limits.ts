import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config/config';
import { rateLimited } from '../errors/app-error';

export type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Rate limiting is opt-in per route (global: false): the limits that matter are login (per client
 * address and per account) and register (per address). Counters live in Redis when REDIS_URL is
 * set, so several instances share them; otherwise in process.
 */
export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    const { Redis: RedisClient } = await import('ioredis');
    redis = new RedisClient(app.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'campus-rl:',
  });
}

/**
 * A limiter keyed by `key(request)`; use as onRequest (address) or preHandler (needs the body).
 * Built on createRateLimit rather than the plugin's route hook because that hook runs once per
 * request, and login needs two independent counters (address and account).
 */
export function limiter(app: FastifyInstance, name: string, limit: RateLimit, key: (request: FastifyRequest) => string): RateLimitHook {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw rateLimited(`too many attempts, try again in ${result.ttlInSeconds} seconds`);
  };
}
