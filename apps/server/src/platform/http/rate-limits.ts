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
    redis = new RedisClient(app.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    // ioredis reports connection trouble as events; log them instead of crashing on "unhandled error".
    redis.on('error', (err: Error) => app.log.warn({ err }, 'redis error'));
    // Connect before serving: without an offline queue, a command sent while connecting fails,
    // and a wrong REDIS_URL should stop start-up rather than surface at the first login.
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      throw new Error(`REDIS_URL: cannot connect to Redis (${(err as Error).message})`);
    }
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
    let result: Awaited<ReturnType<typeof check>>;
    try {
      result = await check(request);
    } catch (err) {
      // The counter store (Redis) is unreachable: let the request through rather than answer
      // 500 to every login; the outage is logged so it gets fixed.
      request.log.warn({ err, limiter: name }, 'rate-limit store unavailable; request not limited');
      return;
    }
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw rateLimited(`too many attempts, try again in ${result.ttlInSeconds} seconds`);
  };
}
