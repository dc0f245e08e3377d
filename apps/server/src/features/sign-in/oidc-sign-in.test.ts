import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { refusal, pages, paths } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, identities, sessions, users } from '../../db/schema';
import type { OidcProviderConfig } from '../../platform/config/config';
import { useTestApp } from '../../../test/build-app';
import { CampusBrowser, localPart, refusalOf } from '../../../test/campus-browser';
import { startOidcProvider, OidcBrowser, type TestOidcProvider } from '../../../test/oidc-provider';

/**
 * OpenID Connect sign-in against a real OpenID provider (panva's oidc-provider, started here on
 * loopback over HTTPS with a certificate the test run trusts): the round trip, each thing a relying
 * party must refuse, and logout at the provider ending the portal's sessions. The provider reaches
 * the portal itself (back-channel logout) over a real socket into the real app.
 */

const ID = 'campus';
const SECRET = 'portal-client-secret-for-tests';
const ASHA = { email: 'asha@campus.test', name: 'Asha Rao', student_id: '211070301', groups: ['students'], semester: 5, branch: 'Information Technology' };
const accounts = {
  'sub-asha': ASHA,
  // Another person (another subject, another registration id) whose directory entry has Asha's email.
  'sub-impostor': { ...ASHA, name: 'Not Asha', student_id: '211070302' },
  // Another person claiming Asha's registration id.
  'sub-twin': { ...ASHA, email: 'twin@campus.test', name: 'Asha Twin' },
  'sub-alumna': { email: 'meera@campus.test', name: 'Meera Iyer', student_id: '201070044', groups: ['alumni'], semester: 8, branch: 'Civil Engineering' },
  // A Google-Workspace-like directory: a name, an email, an id and groups; no semester, no branch.
  'sub-ravi': { email: 'ravi@campus.test', name: 'Ravi Kumar', student_id: '211070311', groups: ['students'] },
  'sub-prof': { email: 'prof.sen@campus.test', name: 'Anita Sen', student_id: '211070312', groups: ['faculty'] },
};

// The portal's socket: the provider POSTs logout tokens to it; its address is the portal's public origin.
const portal = http.createServer();
let origin: string;
let op: TestOidcProvider;

beforeAll(async () => {
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
  op = await startOidcProvider({
    clients: [
      { clientId: 'portal', clientSecret: SECRET, redirectUris: [`${origin}${paths.auth.callback(ID)}`], backchannelLogoutUri: `${origin}${paths.auth.backchannelLogout(ID)}`, tokenEndpointAuthMethod: 'client_secret_basic' },
      // Another application of the campus, whose codes must not open the portal.
      { clientId: 'library', clientSecret: 'library-secret', redirectUris: [`${origin}${paths.auth.callback(ID)}`], tokenEndpointAuthMethod: 'client_secret_basic' },
    ],
    accounts,
  });
});
afterAll(async () => {
  await op?.stop();
  await new Promise((resolve) => portal.close(resolve));
});

const provider = (): OidcProviderConfig => ({
  id: ID,
  type: 'oidc',
  label: 'Campus account',
  issuer: op.issuer,
  clientId: 'portal',
  clientSecret: SECRET,
  scopes: ['email', 'profile', 'campus'],
  claims: { registrationId: 'student_id', email: 'email', fullname: 'name', semester: 'semester', branch: 'branch' },
  roles: [
    { claim: 'groups', value: 'students', role: 'student' },
    { claim: 'groups', value: 'faculty', role: 'professor' },
  ],
});

const ctx = useTestApp(() => ({ publicOrigin: origin, signInProviders: [provider()] }));
beforeAll(async () => {
  await ctx.app.ready();
  portal.on('request', (req, res) => ctx.app.routing(req, res));
});

let browser: CampusBrowser;
let atProvider: OidcBrowser;
beforeEach(() => {
  browser = new CampusBrowser(ctx.app);
  atProvider = new OidcBrowser();
});

/** start → the provider as `sub` → the callback URL it sends the browser back to (not yet followed). */
async function toCallback(sub: string, next = '/my-courses'): Promise<string> {
  const authorization = await browser.start(ID, { next });
  return (await op.signIn(authorization, sub, atProvider)).callbackUrl;
}
async function signIn(sub: string, next?: string) {
  return browser.get(localPart(await toCallback(sub, next)));
}
const usersCalled = (registrationId: number) => ctx.database.db.select().from(users).where(eq(users.registrationId, registrationId));
const currentUser = (cookie: string) => ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie } });

describe('OpenID Connect sign-in', () => {
  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const url = new URL(await browser.start(ID));
    expect(url.origin).toBe(new URL(op.issuer).origin);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(p)?.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}${paths.auth.callback(ID)}`);
    expect(url.searchParams.get('scope')).toBe('openid email profile campus');
  });

  it('signs her in as herself, with her semester and branch from the directory, back on the page she asked for', async () => {
    const end = await signIn('sub-asha', '/hallticket');
    expect(end.statusCode).toBe(302);
    expect(end.headers.location).toBe('/hallticket');
    expect((await currentUser(browser.session)).json().data).toMatchObject({
      registrationId: 211070301,
      email: 'asha@campus.test',
      fullname: 'Asha Rao',
      semester: 5,
      branch: 'Information Technology',
      userrole: 2,
      managed: true,
      signedInWith: { id: ID, label: 'Campus account', type: 'oidc' },
    });
    expect(await ctx.database.db.select().from(identities).where(eq(identities.subject, 'sub-asha'))).toHaveLength(1);
  });

  it('refuses someone whose role claim matches no rule, creating nothing', async () => {
    const end = await signIn('sub-alumna');
    expect(refusalOf(end)).toBe('no_role');
    // A second try, with another account, still ends on the page asked for.
    expect(end.headers.location).toBe(pages.loginRefused('no_role', '/my-courses'));
    expect(await usersCalled(201070044)).toEqual([]);
    expect(browser.cookies.has('campus_session')).toBe(false);
  });

  it('refuses a second person with the same email and another subject', async () => {
    await signIn('sub-asha');
    browser = new CampusBrowser(ctx.app);
    atProvider = new OidcBrowser();
    expect(refusalOf(await signIn('sub-impostor'))).toBe('sign_in_email_taken');
    expect(await usersCalled(211070302)).toEqual([]);
  });

  it('refuses a second person claiming a registration id another campus account holds', async () => {
    await signIn('sub-asha');
    browser = new CampusBrowser(ctx.app);
    atProvider = new OidcBrowser();
    expect(refusalOf(await signIn('sub-twin'))).toBe('sign_in_identity_taken');
    expect(await ctx.database.db.select().from(identities).where(eq(identities.subject, 'sub-twin'))).toEqual([]);
  });

  it('takes a code once: the same callback again signs nobody in', async () => {
    const callback = localPart(await toCallback('sub-asha'));
    expect((await browser.get(callback)).headers.location).toBe('/my-courses');
    const thief = new CampusBrowser(ctx.app);
    thief.cookies.set('campus_signin', browser.cookies.get('campus_signin')!);
    const again = await thief.get(callback);
    expect(refusalOf(again)).toBe('sign_in_expired');
    expect(thief.cookies.has('campus_session')).toBe(false);
  });

  it('refuses a state it did not make, and an answer carried to another browser', async () => {
    const callback = new URL(await toCallback('sub-asha'));
    const forged = new URL(callback);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect(refusalOf(await browser.get(localPart(forged.toString())))).toBe('sign_in_expired');
    const victim = new CampusBrowser(ctx.app);
    expect(refusalOf(await victim.get(localPart(callback.toString())))).toBe('sign_in_expired');
    expect(await usersCalled(211070301)).toEqual([]);
  });

  for (const [what, edit] of [
    ['another issuer', (c: Record<string, unknown>) => ({ ...c, iss: 'https://login.elsewhere.test' })],
    ['another audience', (c: Record<string, unknown>) => ({ ...c, aud: 'someone-else' })],
    ['a token for another client', (c: Record<string, unknown>) => ({ ...c, aud: 'library', azp: 'library' })],
    ['another nonce', (c: Record<string, unknown>) => ({ ...c, nonce: 'n'.repeat(43) })],
  ] as const) {
    it(`refuses an ID token with ${what}, creating nothing`, async () => {
      const callback = await toCallback('sub-asha');
      op.tamperNextIdToken(edit);
      expect(refusalOf(await browser.get(localPart(callback)))).toBe('sign_in_failed');
      expect(await usersCalled(211070301)).toEqual([]);
      expect(browser.cookies.has('campus_session')).toBe(false);
    });
  }

  it("refuses a code the provider issued to another client", async () => {
    const authorization = new URL(await browser.start(ID));
    authorization.searchParams.set('client_id', 'library');
    const { callbackUrl } = await op.signIn(authorization.toString(), 'sub-asha', atProvider);
    expect(refusalOf(await browser.get(localPart(callbackUrl)))).toBe('sign_in_failed');
    expect(await usersCalled(211070301)).toEqual([]);
  });

  it('refuses when the provider answers with an error (the person said no)', async () => {
    const authorization = new URL(await browser.start(ID));
    const back = new URL(`${origin}${paths.auth.callback(ID)}`);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', authorization.searchParams.get('state')!);
    expect(refusalOf(await browser.get(localPart(back.toString())))).toBe('sign_in_failed');
  });

  it('tells the login page when the provider does not answer', async () => {
    const down = await ctx.extraApp({ signInProviders: [{ ...provider(), issuer: 'https://127.0.0.1:9' }] });
    const res = await down.inject({ method: 'GET', url: paths.auth.start(ID) });
    expect(refusalOf(res)).toBe('sign_in_unavailable');
  });
});

describe('a directory that releases no semester or branch', () => {
  const asRavi = async () => {
    await signIn('sub-ravi');
    return browser.session;
  };
  const updateAccount = (cookie: string, change: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PATCH', url: paths.users.updateAccount, headers: { cookie }, payload: { email: 'ravi@campus.test', fullname: 'Ravi Kumar', ...change } });

  it('signs a professor in, who needs neither', async () => {
    const end = await signIn('sub-prof', '/my-courses');
    expect(end.headers.location).toBe('/my-courses');
    expect((await currentUser(browser.session)).json().data).toMatchObject({ registrationId: 211070312, userrole: 1, semester: null, branch: null, managed: true });
  });

  it('signs a student in without them; what needs them asks her to choose them, never a 500', async () => {
    const cookie = await asRavi();
    expect((await currentUser(cookie)).json().data).toMatchObject({ registrationId: 211070311, userrole: 2, semester: null, branch: null, managed: true });
    const apply = await ctx.app.inject({ method: 'POST', url: paths.applications.create, headers: { cookie }, payload: { semester: 1 } });
    expect(apply.statusCode).toBe(400);
    expect(apply.json().errors).toEqual([refusal('choose_semester_and_branch').message]);
  });

  it('lets her choose them once, audited; afterwards they are the registrar’s', async () => {
    const cookie = await asRavi();
    const chosen = await updateAccount(cookie, { semester: 3, branch: 'Civil Engineering' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.user).toMatchObject({ semester: 3, branch: 'Civil Engineering' });
    const [row] = await usersCalled(211070311);
    const entries = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.targetId, row!.id));
    expect(entries.find((e) => e.action === 'user.updated')).toMatchObject({ actorId: row!.id, details: { changes: { semester: { from: null, to: 3 }, branch: { from: null, to: 'Civil Engineering' } } } });
    const again = await updateAccount(cookie, { semester: 4, branch: 'Civil Engineering' });
    expect(again.statusCode).toBe(403);
    expect(again.json().errors).toEqual([refusal('set_by_registrar', { field: 'semester' }).message]);
    // The same values sent back, or left out, change nothing and are no refusal.
    expect((await updateAccount(cookie, { semester: 3, branch: 'Civil Engineering' })).statusCode).toBe(200);
    expect((await updateAccount(cookie, {})).statusCode).toBe(200);
  });

  it('keeps what she chose at her next sign-in (a claim not released overwrites nothing); a directory that later releases them wins', async () => {
    await updateAccount(await asRavi(), { semester: 3, branch: 'Civil Engineering' });
    browser = new CampusBrowser(ctx.app);
    atProvider = new OidcBrowser();
    await signIn('sub-ravi');
    expect((await usersCalled(211070311))[0]).toMatchObject({ semester: 3, branch: 'Civil Engineering' });
    op.accounts.set('sub-ravi', { ...accounts['sub-ravi'], semester: 4, branch: 'Information Technology' });
    try {
      browser = new CampusBrowser(ctx.app);
      atProvider = new OidcBrowser();
      await signIn('sub-ravi');
      expect((await usersCalled(211070311))[0]).toMatchObject({ semester: 4, branch: 'Information Technology' });
    } finally {
      op.accounts.set('sub-ravi', accounts['sub-ravi']);
    }
  });

  it('lets two requests choosing at once give one choice', async () => {
    const cookie = await asRavi();
    const [a, b] = await Promise.all([updateAccount(cookie, { semester: 2, branch: 'Civil Engineering' }), updateAccount(cookie, { semester: 5, branch: 'Civil Engineering' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
  });
});

describe('where the browser goes after sign-in (`next`)', () => {
  // Each is another site to some browser, or nothing a path: refused before anyone is sent to the provider.
  const elsewhere = ['//evil.example', '/\\evil.example', '/\t/evil.example', '/%2F%2Fevil.example', '/%5Cevil.example', 'https://evil.example', ' /my-courses', 'javascript:alert(1)', 'my-courses'];
  it.each(elsewhere)('refuses next=%j at the start, sending nobody anywhere', async (next) => {
    const res = await browser.get(`${paths.auth.start(ID)}?${new URLSearchParams({ next })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Next must be a path on this site']);
  });

  it('refuses next=/%09/evil.example as the address carries it (a tab once decoded)', async () => {
    const res = await browser.get(`${paths.auth.start(ID)}?next=/%09/evil.example`);
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['/course/42?tab=notes#top', '/course/42?tab=notes#top'],
    ['/a/../my-courses', '/my-courses'],
    ['/my courses', '/my%20courses'],
  ])('sends the browser to %j as the path %j on this site', async (next, location) => {
    const end = await signIn('sub-asha', next);
    expect(end.headers.location).toBe(location);
  });
});

describe('logout at the provider', () => {
  it("ends that person's portal sessions that came from the provider, on the provider's own call", async () => {
    await signIn('sub-asha');
    const campusSession = browser.session;
    expect((await currentUser(campusSession)).statusCode).toBe(200);
    await op.logOut(atProvider);
    expect((await currentUser(campusSession)).statusCode).toBe(401);
    const [user] = await usersCalled(211070301);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
  });

  it('when IT disables her account and the provider logs her out, the session ends and she cannot sign in again', async () => {
    await signIn('sub-asha');
    const campusSession = browser.session;
    op.accounts.delete('sub-asha');
    try {
      await op.logOut(atProvider);
      expect((await currentUser(campusSession)).statusCode).toBe(401);
      browser = new CampusBrowser(ctx.app);
      atProvider = new OidcBrowser();
      expect(refusalOf(await signIn('sub-asha'))).toBe('sign_in_failed');
      expect(browser.cookies.has('campus_session')).toBe(false);
    } finally {
      op.accounts.set('sub-asha', ASHA);
    }
  });

  it('answers a forged, a replayed or a mis-addressed logout token with 400, ending nothing', async () => {
    await signIn('sub-asha');
    const post = (token: string) =>
      ctx.app.inject({ method: 'POST', url: paths.auth.backchannelLogout(ID), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ logout_token: token }).toString() });
    for (const token of [
      await op.logoutToken({ sub: 'sub-asha' }, { foreignKey: true }),
      await op.logoutToken({ sub: 'sub-asha', aud: 'library' }),
      await op.logoutToken({ sub: 'sub-asha', events: undefined }),
      await op.logoutToken({ sub: 'sub-asha', nonce: 'a-nonce-makes-it-an-id-token' }),
      await op.logoutToken({ sub: undefined, sid: undefined }),
    ]) {
      const res = await post(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().errors).toEqual([refusal('logout_token_invalid').message]);
    }
    expect((await currentUser(browser.session)).statusCode).toBe(200);
    const genuine = await op.logoutToken({ sub: 'sub-asha' });
    expect((await post(genuine)).statusCode).toBe(200);
    expect((await currentUser(browser.session)).statusCode).toBe(401);
    expect((await post(genuine)).statusCode).toBe(400);
  });
});
