import { spawn, spawnSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import net from 'node:net';
import { paths } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../../test/build-app';
import { buildUser } from '../../../test/factories';
import { buildApp } from '../../app';
import { RedisCounterStore } from './redis-counter-store';

/**
 * With REDIS_URL, every instance shares the counters, so an attacker cannot spread attempts over
 * instances. Runs when TEST_REDIS_URL points at a Redis (CI sets it; the local Redis is on
 * 127.0.0.1:6379).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const ctx = useTestApp();

describe.skipIf(!redisUrl)('counters in Redis', () => {
  it('two instances share one login counter', async () => {
    // A fresh account id per run: counters outlive the test in Redis until their window ends.
    const { user } = await buildUser(ctx.app, { registrationId: 700_000_000 + randomInt(100_000_000) });
    const wide = { max: 10_000, windowMs: 60_000 };
    const login = { perAccountAddress: { max: 3, windowMs: 60_000 }, perAddress: wide, perAccount: wide };
    const a = await ctx.extraApp({ redisUrl, login });
    const b = await ctx.extraApp({ redisUrl, login });
    const attempt = (app: typeof a) =>
      app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: user.registrationId, password: 'wrong password' } });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    const limited = await attempt(b);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts in a window that the first hit starts, takes one back, and forgets', async () => {
    const store = await RedisCounterStore.connect(redisUrl!, ctx.app.log);
    const key = `test:${randomUUID()}`;
    try {
      expect(await store.increment(key, 60_000)).toMatchObject({ count: 1 });
      const second = await store.increment(key, 60_000);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(59_000);
      await store.decrement(key);
      expect((await store.increment(key, 60_000)).count).toBe(2);
      await store.reset(key);
      await store.decrement(key);
      expect((await store.increment(key, 60_000)).count).toBe(1);
    } finally {
      await store.reset(key);
      await store.close();
    }
  });
});

/** A free loopback port (for a Redis of the test's own). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!hasRedisServer)('a Redis that goes away', () => {
  it('leaves the limits counting in this instance until it is back', async () => {
    const port = await freePort();
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    try {
      let store: RedisCounterStore | undefined;
      for (let i = 0; i < 50 && !store; i++) {
        store = await RedisCounterStore.connect(`redis://127.0.0.1:${port}`, ctx.app.log).catch(() => undefined);
        if (!store) await new Promise((r) => setTimeout(r, 100));
      }
      expect(store).toBeDefined();
      expect((await store!.increment('k', 60_000)).count).toBe(1);
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      // Redis is gone: the counts go on in memory, from zero, and limits still bite.
      expect((await store!.increment('k', 60_000)).count).toBe(1);
      expect((await store!.increment('k', 60_000)).count).toBe(2);
      await store!.close();
    } finally {
      server.kill('SIGKILL');
    }
  });
});

describe('a REDIS_URL that does not answer', () => {
  it('stops start-up with a message naming REDIS_URL', async () => {
    const config = testConfig(ctx.dataDir, { redisUrl: 'redis://127.0.0.1:1' });
    await expect(buildApp(config, { database: ctx.database, logger: false })).rejects.toThrow(/REDIS_URL: cannot connect to Redis/);
  });
});
