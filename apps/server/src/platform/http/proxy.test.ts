import { paths } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { logCollector, useTestApp } from '../../../test/build-app';
import { DEFAULT_PASSWORD, buildUser } from '../../../test/factories';

/**
 * Behind a reverse proxy that rewrites Host (nginx's default proxy_pass): what the browser sent
 * arrives in X-Forwarded-Host/-Proto/-For, to be believed only from the proxy.
 */
const ctx = useTestApp();
const minute = 60_000;

/** A login as nginx forwards it: its own address, Host rewritten, the browser's in X-Forwarded-*. */
const throughProxy = (client: string, extra: Record<string, string> = {}) => ({
  remoteAddress: '127.0.0.1',
  headers: {
    host: '127.0.0.1:8001',
    'x-forwarded-host': 'portal.campus.test',
    'x-forwarded-proto': 'https',
    'x-forwarded-for': client,
    origin: 'https://portal.campus.test',
    ...extra,
  },
});

describe('behind a trusted proxy', () => {
  it('takes the browser’s host for the origin check and its scheme for the Secure cookie', async () => {
    const { user } = await buildUser(ctx.app);
    const app = await ctx.extraApp({ trustProxy: 1 });
    const res = await app.inject({ method: 'POST', url: paths.users.login, ...throughProxy('203.0.113.7'), payload: { registrationId: user.registrationId, password: DEFAULT_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('Secure');
    expect(res.headers['strict-transport-security']).toBeDefined();
    // A page of another site is still refused.
    const foreign = await app.inject({ method: 'POST', url: paths.users.login, ...throughProxy('203.0.113.7', { origin: 'https://evil.test' }), payload: { registrationId: user.registrationId, password: DEFAULT_PASSWORD } });
    expect(foreign.statusCode).toBe(403);
  });

  it('without TRUST_PROXY believes none of it: the rewritten Host does not match the browser’s Origin', async () => {
    const { user } = await buildUser(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.login, ...throughProxy('203.0.113.7'), payload: { registrationId: user.registrationId, password: DEFAULT_PASSWORD } });
    expect(res.statusCode).toBe(403);
  });

  it('counts the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const wide = { max: 10_000, windowMs: minute };
    const app = await ctx.extraApp({ trustProxy: 1, login: { perAccountAddress: wide, perAccount: wide, perAddress: { max: 2, windowMs: minute } } });
    const attempt = (spoofed: string) =>
      app.inject({ method: 'POST', url: paths.users.login, ...throughProxy(`${spoofed}, 198.51.100.20`), payload: { registrationId: 500000001, password: 'wrong password' } });
    expect((await attempt('1.1.1.1')).statusCode).toBe(401);
    expect((await attempt('2.2.2.2')).statusCode).toBe(401);
    expect((await attempt('3.3.3.3')).statusCode).toBe(429);
  });

  it('as a list of addresses, believes only those proxies', async () => {
    const { user } = await buildUser(ctx.app);
    const app = await ctx.extraApp({ trustProxy: '127.0.0.1,10.0.0.0/8' });
    const login = { registrationId: user.registrationId, password: DEFAULT_PASSWORD };
    expect((await app.inject({ method: 'POST', url: paths.users.login, ...throughProxy('203.0.113.7'), payload: login })).statusCode).toBe(200);
    const direct = throughProxy('203.0.113.7');
    expect((await app.inject({ method: 'POST', url: paths.users.login, ...direct, remoteAddress: '192.0.2.50', payload: login })).statusCode).toBe(403);
  });

  it('warns at start-up when TRUST_PROXY=true', async () => {
    const logs = logCollector();
    await ctx.extraApp({ trustProxy: true, logLevel: 'warn' }, logs.stream);
    expect(logs.entries().map((e) => e.msg).join('\n')).toMatch(/TRUST_PROXY=true believes X-Forwarded-For from any client/);
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('is the origin writes must come from, and makes the cookie Secure when it is https', async () => {
    const { user } = await buildUser(ctx.app);
    const app = await ctx.extraApp({ publicOrigin: 'https://portal.campus.test' });
    const login = (origin: string) => app.inject({ method: 'POST', url: paths.users.login, headers: { host: '10.1.2.3:8000', origin }, payload: { registrationId: user.registrationId, password: DEFAULT_PASSWORD } });
    const ok = await login('https://portal.campus.test');
    expect(ok.statusCode).toBe(200);
    expect(String(ok.headers['set-cookie'])).toContain('Secure');
    expect((await login('http://portal.campus.test')).statusCode).toBe(403);
    expect((await login('http://10.1.2.3:8000')).statusCode).toBe(403);
  });

  it.each([
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY: must be a hop count'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ PUBLIC_ORIGIN: 'https://portal.campus.test/app' }, 'PUBLIC_ORIGIN: must be'],
    [{ PUBLIC_ORIGIN: 'ftp://portal.campus.test' }, 'PUBLIC_ORIGIN'],
  ])('refuses %o at start-up, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads a hop count, an address list and an origin', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, ::1' }).trustProxy).toBe('127.0.0.1,::1');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://portal.campus.test/' }).publicOrigin).toBe('https://portal.campus.test');
  });
});
