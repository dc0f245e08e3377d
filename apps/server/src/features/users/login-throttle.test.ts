import { paths } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { LoginLimits } from '../../platform/config/config';
import { useTestApp } from '../../../test/build-app';
import { DEFAULT_PASSWORD, buildUser, loginExamOffice, userFields } from '../../../test/factories';
import { multipart, pngAvatar } from '../../../test/fixtures';

/**
 * The login throttle (decision 0009): only failures count, the hard limits are per account and
 * address and per address, and a guesser elsewhere cannot lock the owner out.
 */
const ctx = useTestApp();
const minute = 60_000;
const WRONG = 'not the password at all';

/** An app on the test database whose login limits are small enough to reach. */
function appWith(login: Partial<LoginLimits>): Promise<FastifyInstance> {
  const wide = { max: 10_000, windowMs: minute };
  return ctx.extraApp({ login: { perAccountAddress: wide, perAddress: wide, perAccount: wide, ...login } });
}

const login = (app: FastifyInstance, registrationId: number, password: string, from = '10.0.0.1', cookie?: string) =>
  app.inject({ method: 'POST', url: paths.users.login, remoteAddress: from, payload: { registrationId, password }, headers: cookie ? { cookie } : {} });

const deviceCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((k) => k.name === 'campus_device');
  return c ? `campus_device=${c.value}` : undefined;
};

describe('login throttle', () => {
  it('counts failures only: logging in fifty times never locks an account', async () => {
    const app = await appWith({ perAccountAddress: { max: 3, windowMs: minute }, perAccount: { max: 3, windowMs: minute }, perAddress: { max: 3, windowMs: minute } });
    const { user } = await buildUser(ctx.app);
    for (let i = 0; i < 50; i++) expect((await login(app, user.registrationId, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a guesser after the failures allowed per account and address, with Retry-After and a plain message', async () => {
    const app = await appWith({ perAccountAddress: { max: 3, windowMs: 15 * minute } });
    const { user } = await buildUser(ctx.app);
    for (let i = 0; i < 3; i++) expect((await login(app, user.registrationId, WRONG, '203.0.113.9')).statusCode).toBe(401);
    // Refused before the password is checked: the right one is refused from there too.
    const limited = await login(app, user.registrationId, DEFAULT_PASSWORD, '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.json()).toMatchObject({ statusCode: 429, success: false, data: null, code: 'rate_limited', params: { limit: 'login_account_address', retryAfterSeconds: retryAfter } });
    expect(limited.json().errors[0]).toMatch(/^too many failed attempts for this account from your network; try again in 15 minutes$/);
  });

  it('lets the owner log in from their own address while someone elsewhere guesses their id', async () => {
    const app = await appWith({ perAccountAddress: { max: 5, windowMs: minute }, perAccount: { max: 20, windowMs: minute } });
    const { user } = await buildUser(ctx.app);
    const guesses = await Promise.all(Array.from({ length: 30 }, () => login(app, user.registrationId, WRONG, '198.51.100.66')));
    expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(25);
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it('a success clears the account’s failures', async () => {
    const app = await appWith({ perAccountAddress: { max: 3, windowMs: minute } });
    const { user } = await buildUser(ctx.app);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await login(app, user.registrationId, WRONG)).statusCode).toBe(401);
      expect((await login(app, user.registrationId, DEFAULT_PASSWORD)).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) expect((await login(app, user.registrationId, WRONG)).statusCode).toBe(401);
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD)).statusCode).toBe(429);
  });

  it('counts guesses as they start: a burst of concurrent guesses gets no more checks than the limit', async () => {
    const app = await appWith({ perAccountAddress: { max: 4, windowMs: minute } });
    const { user } = await buildUser(ctx.app);
    const burst = await Promise.all(Array.from({ length: 40 }, () => login(app, user.registrationId, WRONG)));
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(4);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(36);
  });

  it('limits one address across accounts, and only that address (an IPv6 /64 counts as one)', async () => {
    const app = await appWith({ perAddress: { max: 2, windowMs: minute } });
    expect((await login(app, 500000001, WRONG, '2001:db8:1:2::a')).statusCode).toBe(401);
    expect((await login(app, 500000002, WRONG, '2001:db8:1:2:ffff::b')).statusCode).toBe(401);
    const limited = await login(app, 500000003, WRONG, '2001:0db8:0001:0002:1:2:3:4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0]).toMatch(/^too many failed attempts from your network; try again in/);
    expect((await login(app, 500000003, WRONG, '2001:db8:1:3::a')).statusCode).toBe(401);
    expect((await login(app, 500000003, WRONG, '10.9.9.9')).statusCode).toBe(401);
  });

  it('does not refund an address’s failures when one of its logins succeeds', async () => {
    const app = await appWith({ perAddress: { max: 3, windowMs: minute } });
    const { user } = await buildUser(ctx.app);
    for (const id of [500000011, 500000012, 500000013]) expect((await login(app, id, WRONG, '10.7.7.7')).statusCode).toBe(401);
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD, '10.7.7.7')).statusCode).toBe(429);
  });

  it('past the account-wide limit, a guesser with many addresses is refused but the owner’s own browser logs in', async () => {
    const app = await appWith({ perAccountAddress: { max: 2, windowMs: minute }, perAccount: { max: 6, windowMs: minute } });
    const { user } = await buildUser(ctx.app);
    const first = await login(app, user.registrationId, DEFAULT_PASSWORD, '192.0.2.10');
    const known = deviceCookie(first);
    expect(known).toBeDefined();
    expect(first.cookies.find((c) => c.name === 'campus_device')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/users' });

    // Three addresses, two guesses each: six failures, the account-wide limit.
    for (const from of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      for (let i = 0; i < 2; i++) expect((await login(app, user.registrationId, WRONG, from)).statusCode).toBe(401);
    }
    const stranger = await login(app, user.registrationId, WRONG, '198.51.100.4');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().errors[0]).toMatch(/log in from a browser you have used here before/);
    // A new browser of the owner is a stranger too; the one that logged in before is not, from anywhere.
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD, '192.0.2.99')).statusCode).toBe(429);
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD, '192.0.2.99', known)).statusCode).toBe(200);
    // The success cleared the account's failures: strangers may try again.
    expect((await login(app, user.registrationId, WRONG, '198.51.100.5')).statusCode).toBe(401);
  });

  it('behind one campus address, an attacker who spends the address\'s and the pair\'s limits locks out strangers only, not the owner\'s known browser', async () => {
    const app = await appWith({ perAccountAddress: { max: 3, windowMs: 15 * minute }, perAddress: { max: 8, windowMs: 15 * minute } });
    const nat = '10.50.0.1';
    const { user } = await buildUser(ctx.app);
    const classmate = await buildUser(ctx.app);
    const known = deviceCookie(await login(app, user.registrationId, DEFAULT_PASSWORD, nat));
    const classmateKnown = deviceCookie(await login(app, classmate.user.registrationId, classmate.password, nat));
    // From the same address: the victim's pair limit, then the address's, spent on wrong guesses.
    for (let i = 0; i < 3; i++) expect((await login(app, user.registrationId, WRONG, nat)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(app, 500000100 + i, WRONG, nat)).statusCode).toBe(401);
    expect((await login(app, user.registrationId, WRONG, nat)).statusCode).toBe(429);
    expect((await login(app, 500000200, WRONG, nat)).statusCode).toBe(429);

    // A stranger at that address (no cookie, or a made-up one) is refused, whoever they try.
    const stranger = await buildUser(ctx.app);
    expect((await login(app, stranger.user.registrationId, stranger.password, nat)).statusCode).toBe(429);
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD, nat)).statusCode).toBe(429);
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD, nat, 'campus_device=made-up')).statusCode).toBe(429);
    // The owner's browser, and a classmate's, still log in from there.
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD, nat, known)).statusCode).toBe(200);
    expect((await login(app, classmate.user.registrationId, classmate.password, nat, classmateKnown)).statusCode).toBe(200);
  });

  it('a known browser past the limits has an allowance of its own: a stolen device cookie does not guess on and on', async () => {
    const app = await appWith({ perAccountAddress: { max: 3, windowMs: 15 * minute } });
    const { user } = await buildUser(ctx.app);
    const known = deviceCookie(await login(app, user.registrationId, DEFAULT_PASSWORD, '10.60.0.1'));
    for (let i = 0; i < 3; i++) expect((await login(app, user.registrationId, WRONG, '10.60.0.9', known)).statusCode).toBe(401);
    // Past the pair's limit, the device's own three failures…
    for (let i = 0; i < 3; i++) expect((await login(app, user.registrationId, WRONG, '10.60.0.9', known)).statusCode).toBe(401);
    // …and then it is refused too, the right password included.
    const limited = await login(app, user.registrationId, DEFAULT_PASSWORD, '10.60.0.9', known);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('does not honour another account’s device cookie, nor a forged one', async () => {
    const app = await appWith({ perAccount: { max: 1, windowMs: minute } });
    const { user } = await buildUser(ctx.app);
    const other = await buildUser(ctx.app);
    const otherDevice = deviceCookie(await login(app, other.user.registrationId, DEFAULT_PASSWORD));
    expect((await login(app, user.registrationId, WRONG, '198.51.100.1')).statusCode).toBe(401);
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD, '10.0.0.1', otherDevice)).statusCode).toBe(429);
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD, '10.0.0.1', 'campus_device=forged')).statusCode).toBe(429);
  });

  it('keeps the exam office reachable: its public id guessed from one address does not lock it out', async () => {
    const app = await appWith({ perAccountAddress: { max: 10, windowMs: minute } });
    const office = await loginExamOffice(app);
    for (let i = 0; i < 40; i++) await login(app, office.user.registrationId, WRONG, '198.51.100.200');
    expect((await login(app, office.user.registrationId, office.password, '192.0.2.1')).statusCode).toBe(200);
  });

  it('guards change-password’s old password with the same counters as login', async () => {
    const app = await appWith({ perAccountAddress: { max: 3, windowMs: minute } });
    const { user } = await buildUser(ctx.app);
    const cookie = `campus_session=${(await login(app, user.registrationId, DEFAULT_PASSWORD, '10.3.3.3')).cookies.find((c) => c.name === 'campus_session')!.value}`;
    const change = (oldpassword: string) =>
      app.inject({ method: 'POST', url: paths.users.changePassword, remoteAddress: '10.3.3.3', headers: { cookie }, payload: { oldpassword, newpassword: 'a brand new passphrase' } });
    expect((await change(WRONG)).statusCode).toBe(400);
    expect((await change(WRONG)).statusCode).toBe(400);
    expect((await login(app, user.registrationId, WRONG, '10.3.3.3')).statusCode).toBe(401);
    const limited = await change(DEFAULT_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // From another address the owner still logs in, and the success clears the account.
    expect((await login(app, user.registrationId, DEFAULT_PASSWORD, '10.4.4.4')).statusCode).toBe(200);
  });

  it('a right old password with a refused new one does not count as a failure', async () => {
    const app = await appWith({ perAccountAddress: { max: 2, windowMs: minute } });
    const { user } = await buildUser(ctx.app);
    const cookie = `campus_session=${(await login(app, user.registrationId, DEFAULT_PASSWORD)).cookies.find((c) => c.name === 'campus_session')!.value}`;
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({ method: 'POST', url: paths.users.changePassword, remoteAddress: '10.0.0.1', headers: { cookie }, payload: { oldpassword: DEFAULT_PASSWORD, newpassword: 'password1' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toBe('New password is too common');
    }
  });
});

describe('signup limits', () => {
  const signup = (app: FastifyInstance, from: string) =>
    app.inject({ method: 'POST', url: paths.users.register, remoteAddress: from, ...multipart(userFields(), pngAvatar()) });

  it('let a class sign up from one address within the hour, a burst at a time', async () => {
    const app = await ctx.extraApp({ rateLimits: { ...ctx.config.rateLimits, registerPerAddress: { max: 12, windowMs: 60 * minute }, registerBurst: { max: 4, windowMs: minute } } });
    for (let i = 0; i < 4; i++) expect((await signup(app, '10.20.0.1')).statusCode).toBe(201);
    const burst = await signup(app, '10.20.0.1');
    expect(burst.statusCode).toBe(429);
    expect(burst.json().errors[0]).toMatch(/^too many signups from your network just now; try again in \d+ seconds$/);
    expect(Number(burst.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await signup(app, '10.20.0.2')).statusCode).toBe(201);
  });

  it('bound one address over the hour', async () => {
    const app = await ctx.extraApp({ rateLimits: { ...ctx.config.rateLimits, registerPerAddress: { max: 3, windowMs: 60 * minute }, registerBurst: { max: 100, windowMs: minute } } });
    for (let i = 0; i < 3; i++) expect((await signup(app, '10.30.0.1')).statusCode).toBe(201);
    const limited = await signup(app, '10.30.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0]).toMatch(/this hour; try again in (59|60) minutes$/);
  });

});
