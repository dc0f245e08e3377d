import { randomInt } from 'node:crypto';
import { paths } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../../test/build-app';
import { buildApp } from '../../app';
import { buildUser } from '../../../test/factories';

/**
 * With REDIS_URL, two instances share the login counters, so an attacker cannot spread attempts
 * over instances. Runs when TEST_REDIS_URL points at a Redis (CI sets it; the local Redis is on
 * 127.0.0.1:6379).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const ctx = useTestApp();

describe.skipIf(!redisUrl)('rate limits in Redis', () => {
  it('two instances share one per-account login counter', async () => {
    // A fresh account id per run: counters outlive the test in Redis until their window ends.
    const { user } = await buildUser(ctx.app, { registrationId: 700_000_000 + randomInt(100_000_000) });
    const limits = { ...ctx.config.rateLimits, loginPerAccount: { max: 3, windowMs: 60_000 } };
    const a = await ctx.extraApp({ redisUrl, rateLimits: limits });
    const b = await ctx.extraApp({ redisUrl, rateLimits: limits });
    const attempt = (app: typeof a) =>
      app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: user.registrationId, password: 'wrong password' } });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    const limited = await attempt(b);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a REDIS_URL that does not answer', () => {
  it('stops start-up with a message naming REDIS_URL', async () => {
    const config = testConfig(ctx.dataDir, { redisUrl: 'redis://127.0.0.1:1' });
    await expect(buildApp(config, { database: ctx.database, logger: false })).rejects.toThrow(/REDIS_URL: cannot connect to Redis/);
  });
});
