import { paths } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { queriesDuring, useTestApp } from '../../../test/build-app';
import { buildStudent, loginAs, type TestUser } from '../../../test/factories';

/**
 * Sessions are cached per instance (no session query per request), and every way a session or
 * its user changes reaches every instance's cache at once through the bus. Two apps on one
 * database stand for two instances (the bus is PostgreSQL NOTIFY, or PGlite's in process).
 */
const ctx = useTestApp();

const me = (app: FastifyInstance, who: Pick<TestUser, 'cookie'>) => app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: who.cookie } });
/** Waits for what the bus carries to another instance: well under the cache's 10 s. */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 20 });

describe('session cache', () => {
  it('answers an authenticated request without a session query once the session is known', async () => {
    const student = await buildStudent(ctx.app);
    expect((await me(ctx.app, student)).statusCode).toBe(200);
    const queries = await queriesDuring(() => me(ctx.app, student));
    expect(queries.filter((q) => q.includes('"sessions"'))).toEqual([]);
  });

  it('a logout ends the session at once here and, through the bus, on another instance', async () => {
    const other = await ctx.extraApp({});
    const student = await buildStudent(ctx.app);
    expect((await me(other, student)).statusCode).toBe(200);
    expect((await me(ctx.app, student)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: paths.users.logout, headers: { cookie: student.cookie } })).statusCode).toBe(200);
    expect((await me(ctx.app, student)).statusCode).toBe(401);
    await soon(async () => expect((await me(other, student)).statusCode).toBe(401));
  });

  it('a password change ends the other sessions on every instance, and keeps the changing one', async () => {
    const other = await ctx.extraApp({});
    const student = await buildStudent(ctx.app);
    const elsewhere = { cookie: await loginAs(ctx.app, student.user.registrationId, student.password) };
    expect((await me(other, elsewhere)).statusCode).toBe(200);
    const change = await ctx.app.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie: student.cookie }, payload: { oldpassword: student.password, newpassword: 'a brand new passphrase' } });
    expect(change.statusCode).toBe(200);
    await soon(async () => expect((await me(other, elsewhere)).statusCode).toBe(401));
    expect((await me(other, student)).statusCode).toBe(200);
  });

  it('a profile edit shows on every instance at once', async () => {
    const other = await ctx.extraApp({});
    const student = await buildStudent(ctx.app);
    expect((await me(other, student)).json().data.fullname).toBe(student.user.fullname);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: paths.users.updateAccount,
      headers: { cookie: student.cookie },
      payload: { email: student.user.email, fullname: 'Renamed Student', branch: student.user.branch, semester: student.user.semester },
    });
    expect(edit.statusCode).toBe(200);
    expect((await me(ctx.app, student)).json().data.fullname).toBe('Renamed Student');
    await soon(async () => expect((await me(other, student)).json().data.fullname).toBe('Renamed Student'));
  });
});
