import { refusal, pages, paths } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, identities, users } from '../../db/schema';
import type { SamlProviderConfig } from '../../platform/config/config';
import { useTestApp } from '../../../test/build-app';
import { loginAdmin, buildStudent } from '../../../test/factories';
import { CampusBrowser, localPart, refusalOf } from '../../../test/campus-browser';
import { startSamlIdp, unsigned, wrapped, type SignInOptions, type TestSamlIdp } from '../../../test/saml-idp';

/**
 * SAML 2.0 sign-in against a real identity provider (samlp, started here on loopback), through
 * the real app: the browser's round trip, and each forgery and mistake the service provider must
 * refuse, none of which may create or sign in anyone.
 */

let idp: TestSamlIdp;
const ID = 'campus-saml';
const ASHA = { nameId: 'persistent-asha-7f3', attributes: { studentId: '211070301', mail: 'asha@campus.test', displayName: 'Asha Rao', semester: '5', branch: 'Information Technology', affiliation: ['member', 'student'] } };
// An INFED-like directory releasing no semester or branch: a professor needs neither.
const SEN = { nameId: 'persistent-sen-2b', attributes: { studentId: '211070321', mail: 'sen@campus.test', displayName: 'Anita Sen', affiliation: ['member', 'faculty'] } };
const ALUMNA = { nameId: 'persistent-meera-1a', attributes: { studentId: '201070044', mail: 'meera@campus.test', displayName: 'Meera Iyer', affiliation: ['alum'] } };

beforeAll(async () => {
  idp = await startSamlIdp({ issuer: 'https://idp.campus.test', users: { asha: ASHA, alumna: ALUMNA, sen: SEN } });
});
afterAll(async () => idp?.stop());

const provider = (): SamlProviderConfig => ({
  id: ID,
  type: 'saml',
  label: 'Campus account',
  entryPoint: idp.entryPoint,
  idpCert: idp.cert,
  idpIssuer: idp.issuer,
  claims: { registrationId: 'studentId', email: 'mail', fullname: 'displayName', semester: 'semester', branch: 'branch' },
  roles: [
    { claim: 'affiliation', value: 'student', role: 'student' },
    { claim: 'affiliation', value: 'faculty', role: 'professor' },
  ],
});

// The portal's public address: the SP's entity id, the ACS URL and what each assertion must name.
const PORTAL = 'http://localhost';
const ctx = useTestApp(() => ({ publicOrigin: PORTAL, signInProviders: [provider()] }));
let browser: CampusBrowser;
beforeEach(() => {
  browser = new CampusBrowser(ctx.app);
});

const idpOrigin = () => new URL(idp.entryPoint).origin;

/** start → the IdP as `user` (with the IdP's mistakes `options`) → the POST back; the ACS's answer. */
async function answerFromIdp(user: string, options: SignInOptions = {}, edit: (response: string) => string = (r) => r) {
  const toIdp = await browser.start(ID, { next: '/my-courses' });
  const post = await idp.signIn(toIdp, user, options);
  return browser.postForm(localPart(post.action), { SAMLResponse: edit(post.SAMLResponse), RelayState: post.RelayState }, idpOrigin());
}

/** The whole round trip: the ACS sends the browser back to the callback, which ends it. */
async function signIn(user: string, options: SignInOptions = {}, edit?: (response: string) => string) {
  const acs = await answerFromIdp(user, options, edit);
  if (acs.statusCode !== 302) throw new Error(`acs answered ${acs.statusCode}: ${acs.body}`);
  if (refusalOf(acs)) return acs;
  return browser.get(String(acs.headers.location));
}

const usersCalled = (registrationId: number) => ctx.database.db.select().from(users).where(eq(users.registrationId, registrationId));

describe('SAML sign-in', () => {
  it('creates a managed student from the attributes, signs her in and sends her to the page she asked for', async () => {
    const end = await signIn('asha');
    expect(end.statusCode).toBe(302);
    expect(end.headers.location).toBe('/my-courses');
    const me = (await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: browser.session } })).json().data;
    expect(me).toMatchObject({ registrationId: 211070301, email: 'asha@campus.test', fullname: 'Asha Rao', semester: 5, branch: 'Information Technology', userrole: 2, managed: true, signedInWith: { id: ID, label: 'Campus account', type: 'saml' } });
    const [identity] = await ctx.database.db.select().from(identities).where(eq(identities.subject, ASHA.nameId));
    expect(identity).toMatchObject({ provider: ID, userId: me._id });
    const entries = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.targetId, me._id));
    expect(entries.map((e) => e.action)).toContain('user.linked_identity');
  });

  it('signs the same person in again to the same account, applying what the directory now says', async () => {
    await signIn('asha');
    idp.users.set('asha', { ...ASHA, attributes: { ...ASHA.attributes, semester: '6' } });
    try {
      browser = new CampusBrowser(ctx.app);
      await signIn('asha');
      const rows = await usersCalled(211070301);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.semester).toBe(6);
    } finally {
      idp.users.set('asha', ASHA);
    }
  });

  it('signs in a professor whose directory releases no semester or branch, with neither', async () => {
    const end = await signIn('sen');
    expect(end.headers.location).toBe('/my-courses');
    expect(await usersCalled(211070321)).toMatchObject([{ userrole: 1, semester: null, branch: null, managed: true }]);
  });

  it('refuses someone no role rule matches, creating nothing', async () => {
    const end = await signIn('alumna');
    expect(refusalOf(end)).toBe('no_role');
    expect(await usersCalled(201070044)).toEqual([]);
    expect(browser.cookies.has('campus_session')).toBe(false);
  });

  const refusals: [string, SignInOptions, ((r: string) => string)?][] = [
    ['an unsigned assertion', {}, unsigned],
    ['an unsigned assertion wrapped around the signed one', {}, (r) => wrapped(r, { nameId: 'evil', attributes: { ...ASHA.attributes, studentId: '211070999', affiliation: 'faculty' } }, 'wrap')],
    ['an unsigned assertion beside the signed one', {}, (r) => wrapped(r, { nameId: 'evil', attributes: { ...ASHA.attributes, studentId: '211070999' } }, 'sibling')],
    ['an expired assertion', { lifetimeSeconds: -120 }],
    ['an assertion for another audience', { audience: 'https://another-portal.campus.test/metadata' }],
    ['an assertion for another recipient', { recipient: 'https://another-portal.campus.test/acs' }],
    ['an assertion answering another request', { inResponseTo: '_a-request-this-portal-never-sent' }],
    ['an assertion signed by a stranger', { signWith: 'other-key' }],
  ];
  for (const [what, options, edit] of refusals) {
    it(`refuses ${what}: nobody is created or signed in`, async () => {
      const acs = await answerFromIdp('asha', options, edit);
      expect(acs.statusCode).toBe(302);
      expect(refusalOf(acs)).toBe('sign_in_failed');
      expect(await usersCalled(211070301)).toEqual([]);
      expect(await usersCalled(211070999)).toEqual([]);
      expect(browser.cookies.has('campus_session')).toBe(false);
    });
  }

  it('checks the audience and recipient against PUBLIC_ORIGIN, never the Host: an assertion issued to another service provider, POSTed with its Host, is refused', async () => {
    const other = 'http://other-sp.campus.test';
    const toIdp = await browser.start(ID, { next: '/my-courses' });
    const post = await idp.signIn(toIdp, 'asha', { audience: `${other}${paths.auth.metadata(ID)}`, recipient: `${other}${paths.auth.acs(ID)}` });
    const acs = await ctx.app.inject({
      method: 'POST',
      url: paths.auth.acs(ID),
      headers: { host: new URL(other).host, 'content-type': 'application/x-www-form-urlencoded', origin: idpOrigin(), 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ SAMLResponse: post.SAMLResponse, RelayState: post.RelayState }).toString(),
    });
    expect(refusalOf(acs)).toBe('sign_in_failed');
    expect(await usersCalled(211070301)).toEqual([]);
    // And the metadata a Host names is still this portal's.
    const metadata = await ctx.app.inject({ method: 'GET', url: paths.auth.metadata(ID), headers: { host: new URL(other).host } });
    expect(metadata.body).toContain(`entityID="${PORTAL}${paths.auth.metadata(ID)}"`);
  });

  it('will not run providers without PUBLIC_ORIGIN (where the Host would have named the audience)', async () => {
    await expect(ctx.extraApp({ publicOrigin: undefined })).rejects.toThrow('campus sign-in providers need PUBLIC_ORIGIN');
  });

  it('takes a response once: the same POST again is refused', async () => {
    const toIdp = await browser.start(ID);
    const post = await idp.signIn(toIdp, 'asha');
    const fields = { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState };
    const first = await browser.postForm(localPart(post.action), fields, idpOrigin());
    expect(refusalOf(first)).toBeNull();
    const again = await browser.postForm(localPart(post.action), fields, idpOrigin());
    expect(refusalOf(again)).toBe('sign_in_expired');
  });

  it('refuses an answer carried to another browser (login CSRF): only the browser that started may finish', async () => {
    const acs = await answerFromIdp('asha');
    const victim = new CampusBrowser(ctx.app);
    const end = await victim.get(String(acs.headers.location));
    expect(refusalOf(end)).toBe('sign_in_expired');
    expect(victim.cookies.has('campus_session')).toBe(false);
  });

  it('publishes the service provider metadata with its entity id and assertion consumer service', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: paths.auth.metadata(ID) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain(`entityID="http://localhost${paths.auth.metadata(ID)}"`);
    expect(res.body).toContain(`Location="http://localhost${paths.auth.acs(ID)}"`);
  });

  it('links the roster account with the same registration id instead of making another', async () => {
    await ctx.database.db.insert(users).values({ id: crypto.randomUUID(), registrationId: 211070301, email: 'asha.old@campus.test', fullname: 'Asha R', semester: 4, branch: 'Information Technology', userrole: 2, managed: true, passwordHash: null });
    await signIn('asha');
    const rows = await usersCalled(211070301);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'asha@campus.test', fullname: 'Asha Rao', semester: 5 });
  });

  it('asks the owner of a signup account with the same registration id for its password before linking', async () => {
    const { buildUser } = await import('../../../test/factories');
    const { user, password } = await buildUser(ctx.app, { registrationId: 211070301, email: 'asha.signup@campus.test' });
    const end = await signIn('asha');
    expect(end.headers.location).toBe(pages.linkAccount);
    expect(browser.cookies.has('campus_session')).toBe(false);
    const pending = await browser.get(paths.auth.pendingLink);
    expect(pending.json().data).toMatchObject({ registrationId: 211070301, provider: { id: ID } });
    const wrong = await ctx.app.inject({ method: 'POST', url: paths.auth.link, headers: { cookie: browser.cookieHeader }, payload: { password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);
    expect(await ctx.database.db.select().from(identities).where(eq(identities.userId, user._id))).toEqual([]);
    const right = await ctx.app.inject({ method: 'POST', url: paths.auth.link, headers: { cookie: browser.cookieHeader }, payload: { password } });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ user: { _id: user._id, managed: true, email: 'asha@campus.test' }, next: '/my-courses' });
    expect(await ctx.database.db.select().from(identities).where(eq(identities.userId, user._id))).toHaveLength(1);
    expect(right.cookies.some((c) => c.name === 'campus_session')).toBe(true);
  });
});

describe('accounts from the directory', () => {
  const me = async () => (await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: browser.session } })).json().data;

  it("applies the role rules at every sign-in, audited as the directory's change, and shows the link in My activity", async () => {
    await signIn('asha');
    idp.users.set('asha', { ...ASHA, attributes: { ...ASHA.attributes, affiliation: ['member', 'faculty'] } });
    try {
      browser = new CampusBrowser(ctx.app);
      await signIn('asha');
      expect(await me()).toMatchObject({ userrole: 1, registrationId: 211070301 });
      const activity = (await ctx.app.inject({ method: 'GET', url: paths.users.activity, headers: { cookie: browser.session } })).json().data.entries;
      expect(activity.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['user.linked_identity', 'user.role_changed']));
      const change = activity.find((e: { action: string }) => e.action === 'user.role_changed');
      expect(change).toMatchObject({ actor: null, details: { provider: 'Campus account', changes: { userrole: { from: 2, to: 1 } } } });
    } finally {
      idp.users.set('asha', ASHA);
    }
  });

  it('refuses a deactivated account, and its sign-in makes no session', async () => {
    await signIn('asha');
    const admin = await loginAdmin(ctx.app);
    const [row] = await usersCalled(211070301);
    await ctx.app.inject({ method: 'PATCH', url: paths.admin.updateUser(row!.id), headers: { cookie: admin.cookie }, payload: { active: false } });
    browser = new CampusBrowser(ctx.app);
    expect(refusalOf(await signIn('asha'))).toBe('account_deactivated');
    expect(browser.cookies.has('campus_session')).toBe(false);
  });

  it("lets an administrator see what the provider releases, creating and signing in nobody; the result is that administrator's alone", async () => {
    const admin = await loginAdmin(ctx.app);
    browser.cookies.set('campus_session', admin.cookie.split('=')[1]!);
    const toIdp = await browser.start(ID, { test: 'true' });
    const post = await idp.signIn(toIdp, 'alumna');
    const acs = await browser.postForm(localPart(post.action), { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState }, idpOrigin());
    const end = await browser.get(String(acs.headers.location));
    const testPage = String(end.headers.location);
    expect(testPage).toMatch(/^\/admin\/sign-in\/[0-9a-f-]{36}$/);
    const testId = testPage.split('/').pop()!;
    const res = await ctx.app.inject({ method: 'GET', url: paths.auth.signInTest(testId), headers: { cookie: admin.cookie } });
    expect(res.json().data.test).toMatchObject({ subject: ALUMNA.nameId, claims: { displayName: 'Meera Iyer', affiliation: 'alum' }, matched: null, refusal: refusal('no_role').message, account: { registrationId: 201070044 } });
    expect(await usersCalled(201070044)).toEqual([]);
    // Still the administrator's own session: the test signed nobody in.
    expect((await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: admin.cookie } })).json().data.registrationId).toBe(100000000);
    const student = await buildStudent(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: paths.auth.signInTest(testId), headers: { cookie: student.cookie } })).statusCode).toBe(403);
  });

  it('says in a test what a real sign-in would meet beyond the claims: an email another account has', async () => {
    await ctx.database.db.insert(users).values({ id: crypto.randomUUID(), registrationId: 211070555, email: 'asha@campus.test', fullname: 'Someone Else', semester: 2, branch: 'Civil Engineering', userrole: 2, passwordHash: null });
    const admin = await loginAdmin(ctx.app);
    browser.cookies.set('campus_session', admin.cookie.split('=')[1]!);
    const post = await idp.signIn(await browser.start(ID, { test: 'true' }), 'asha');
    const acs = await browser.postForm(localPart(post.action), { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState }, idpOrigin());
    const testId = String((await browser.get(String(acs.headers.location))).headers.location).split('/').pop()!;
    const { test } = (await ctx.app.inject({ method: 'GET', url: paths.auth.signInTest(testId), headers: { cookie: admin.cookie } })).json().data;
    expect(test).toMatchObject({ matched: { rule: 1, role: 'student' }, refusal: refusal('sign_in_email_taken').message });
    expect(await usersCalled(211070301)).toEqual([]);
  });

  it('refuses a test sign-in to anyone but an administrator', async () => {
    const student = await buildStudent(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: `${paths.auth.start(ID)}?test=true`, headers: { cookie: student.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([refusal('sign_in_test_admins_only').message]);
  });
});

describe('PASSWORD_LOGIN=admins', () => {
  it('keeps password sign-in for administrators only, said after the password; /config tells the login page', async () => {
    const app = await ctx.extraApp({ passwordLogin: 'admins' });
    const student = await buildStudent(ctx.app);
    const login = (registrationId: number, password: string) => app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId, password } });
    expect((await login(student.user.registrationId, 'not the password')).statusCode).toBe(401);
    const refused = await login(student.user.registrationId, student.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([refusal('password_login_admins_only').message]);
    expect(refused.cookies.some((c) => c.name === 'campus_session')).toBe(false);
    const { ADMIN_PASSWORD } = await import('../../../test/build-app');
    expect((await login(100000000, ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: paths.config })).json().data.passwordLogin).toBe('admins');
  });
});
