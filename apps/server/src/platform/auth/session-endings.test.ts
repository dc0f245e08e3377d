import { paths } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessionEndings } from '../../db/schema';
import { useTestApp } from '../../../test/build-app';
import { buildStudent, loginAdmin, loginAs, type TestUser } from '../../../test/factories';
import { hashToken, whySessionEnded } from './sessions';

/**
 * A request whose session someone else ended, or that ran out, is told why in its 401's `code`,
 * so the login page can say so (decision 0034); a logout or no session at all is a plain 401.
 */
const ctx = useTestApp();

const me = (app: FastifyInstance, who: Pick<TestUser, 'cookie'>) => app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: who.cookie } });
const tokenOf = (who: Pick<TestUser, 'cookie'>) => who.cookie.slice('campus_session='.length);
const codeOf = (res: { json: () => { code?: string } }) => res.json().code;
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 20 });

describe('why a session ended', () => {
  it("a deactivated account's next request answers 401 account_deactivated, here and on another instance", async () => {
    const other = await ctx.extraApp({});
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    // Both instances hold the session in their caches before it ends.
    expect((await me(ctx.app, student)).statusCode).toBe(200);
    expect((await me(other, student)).statusCode).toBe(200);
    const off = await ctx.app.inject({ method: 'PATCH', url: paths.admin.updateUser(student.user._id), headers: { cookie: admin.cookie }, payload: { active: false } });
    expect(off.statusCode).toBe(200);

    const here = await me(ctx.app, student);
    expect(here.statusCode).toBe(401);
    expect(codeOf(here)).toBe('account_deactivated');
    expect(here.json().errors).toEqual(['you must be logged in']);
    await soon(async () => {
      const there = await me(other, student);
      expect(there.statusCode).toBe(401);
      expect(codeOf(there)).toBe('account_deactivated');
    });
    // Any guarded route says it, not only current-user.
    const elsewhere = await ctx.app.inject({ method: 'GET', url: paths.courses.myCourses, headers: { cookie: student.cookie } });
    expect(elsewhere.statusCode).toBe(401);
    expect(codeOf(elsewhere)).toBe('account_deactivated');
  });

  it('a session ended by a password change on another device answers 401 session_ended; the changing one goes on', async () => {
    const student = await buildStudent(ctx.app);
    const elsewhere = { cookie: await loginAs(ctx.app, student.user.registrationId, student.password) };
    const change = await ctx.app.inject({
      method: 'POST',
      url: paths.users.changePassword,
      headers: { cookie: student.cookie },
      payload: { oldpassword: student.password, newpassword: 'a brand new passphrase' },
    });
    expect(change.statusCode).toBe(200);
    const res = await me(ctx.app, elsewhere);
    expect(res.statusCode).toBe(401);
    expect(codeOf(res)).toBe('session_ended');
    expect((await me(ctx.app, student)).statusCode).toBe(200);
  });

  it('a session that ran out answers 401 session_expired', async () => {
    const student = await buildStudent(ctx.app);
    // Seen again past its idle limit (the test config's 60 minutes), the session ends on sight.
    const later = new Date(Date.now() + 61 * 60_000);
    expect(await ctx.app.sessions.resolve(tokenOf(student), later)).toBeNull();
    const res = await me(ctx.app, student);
    expect(res.statusCode).toBe(401);
    expect(codeOf(res)).toBe('session_expired');
  });

  it('a logout, an unknown cookie and no cookie answer a plain 401: a login is required, nothing more', async () => {
    const student = await buildStudent(ctx.app);
    expect((await ctx.app.inject({ method: 'POST', url: paths.users.logout, headers: { cookie: student.cookie } })).statusCode).toBe(200);
    for (const cookie of [student.cookie, 'campus_session=never-issued', '']) {
      const res = await ctx.app.inject({ method: 'GET', url: paths.courses.myCourses, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(401);
      expect(codeOf(res)).toBe('login_required');
    }
  });

  it('keeps the reason only until the session would have expired anyway, and drops it then', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    await ctx.app.inject({ method: 'PATCH', url: paths.admin.updateUser(student.user._id), headers: { cookie: admin.cookie }, payload: { active: false } });
    const hash = hashToken(tokenOf(student));
    const [kept] = await ctx.database.db.select().from(sessionEndings).where(eq(sessionEndings.tokenHash, hash));
    expect(kept?.reason).toBe('account_deactivated');
    // The session's absolute expiry (the test config's 12 hours) bounds the record.
    expect(kept!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000);
    const afterExpiry = new Date(kept!.expiresAt.getTime() + 1);
    expect(await whySessionEnded(ctx.database.db, hash, afterExpiry)).toBeNull();

    // The next ending of any session sweeps records past their expiry.
    await ctx.database.db.update(sessionEndings).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(sessionEndings.tokenHash, hash));
    const another = await buildStudent(ctx.app);
    await ctx.app.inject({ method: 'PATCH', url: paths.admin.updateUser(another.user._id), headers: { cookie: admin.cookie }, payload: { active: false } });
    expect(await ctx.database.db.select().from(sessionEndings).where(eq(sessionEndings.tokenHash, hash))).toEqual([]);
  });
});
