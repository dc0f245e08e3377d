import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryCounterStore, type Count, type CounterStore } from './counter-store';

const PREFIX = 'campus:limit:';

// One round trip each, atomic: the window starts with the first hit and is never extended.
const INCREMENT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;
const DECREMENT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** How often a Redis outage is logged while it lasts. */
const OUTAGE_LOG_MS = 60_000;

/**
 * Counters in Redis, shared by every instance (REDIS_URL). While Redis does not answer, this
 * instance counts in its own memory instead: the limits still hold per instance rather than not
 * at all, and the outage is logged.
 */
export class RedisCounterStore implements CounterStore {
  private readonly fallback = new MemoryCounterStore();
  private lastOutageLog = 0;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects before serving: a wrong REDIS_URL stops start-up rather than the first login. */
  static async connect(url: string, log: FastifyBaseLogger): Promise<RedisCounterStore> {
    const { Redis: RedisClient } = await import('ioredis');
    // No offline queue and one retry: a command while Redis is away fails fast (and falls back)
    // rather than holding the request.
    const redis = new RedisClient(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, connectTimeout: 5_000 });
    // ioredis reports connection trouble as events; without a listener they would crash the process.
    redis.on('error', (err: Error) => log.debug({ err }, 'redis connection error'));
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      throw new Error(`REDIS_URL: cannot connect to Redis (${(err as Error).message})`, { cause: err });
    }
    return new RedisCounterStore(redis, log);
  }

  async increment(key: string, windowMs: number): Promise<Count> {
    try {
      const [count, ttl] = (await this.redis.eval(INCREMENT, 1, PREFIX + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl };
    } catch (err) {
      this.outage(err);
      return this.fallback.increment(key, windowMs);
    }
  }

  async decrement(key: string): Promise<void> {
    try {
      await this.redis.eval(DECREMENT, 1, PREFIX + key);
    } catch (err) {
      this.outage(err);
      await this.fallback.decrement(key);
    }
  }

  async reset(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    try {
      await this.redis.del(...keys.map((k) => PREFIX + k));
    } catch (err) {
      this.outage(err);
    }
    await this.fallback.reset(...keys);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private outage(err: unknown): void {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_MS) return;
    this.lastOutageLog = now;
    this.log.warn({ err }, 'Redis does not answer: rate limits are counted per instance until it is back');
  }
}
