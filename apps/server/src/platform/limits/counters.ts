import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import { MemoryCounterStore, type CounterStore } from './counter-store';
import { RedisCounterStore } from './redis-counter-store';

/** Redis when REDIS_URL is set (several instances share their counts), this process otherwise. */
export async function openCounterStore(config: Config, log: FastifyBaseLogger): Promise<CounterStore> {
  return config.redisUrl ? RedisCounterStore.connect(config.redisUrl, log) : new MemoryCounterStore();
}
