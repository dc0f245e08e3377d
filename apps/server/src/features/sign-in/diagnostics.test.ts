import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { paths } from '@campus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcProviderConfig } from '../../platform/config/config';
import { useTestApp } from '../../../test/build-app';
import { CampusBrowser, refusalOf } from '../../../test/campus-browser';
import { buildStudent, loginAdmin } from '../../../test/factories';
import { selfSignedCertificate } from '../../../test/self-signed';
import { runCertificate } from '../../../test/tls-certificate';
import { diagnose, discoveryAddress } from './diagnostics';
import { OidcProvider } from './oidc';

/**
 * A test sign-in with a provider that cannot be reached says why, against real loopback endpoints:
 * a name under .invalid (never resolves), a closed port, an HTTPS server whose certificate nobody
 * trusts, an HTTPS server (trusted) answering 404, and a socket that accepts and never answers.
 */

const servers: net.Server[] = [];
/** Every connection made to the test servers, ended with them (undici keeps its own open, the silent server never ends one). */
const sockets = new Set<net.Socket>();
const listen = async <S extends net.Server>(server: S): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('connection', (socket: net.Socket) => sockets.add(socket));
  servers.push(server);
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
let closedPort: string;
let untrusted: string;
let notFound: string;
let silent: string;

beforeAll(async () => {
  const probe = net.createServer();
  closedPort = await listen(probe);
  servers.pop();
  await new Promise((resolve) => probe.close(resolve));
  untrusted = await listen(https.createServer(await selfSignedCertificate(), (_req, res) => res.end('{}')));
  const trusted = runCertificate();
  notFound = await listen(https.createServer({ cert: trusted.cert, key: trusted.key }, (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>')));
  // Accepts the connection and says nothing, not even a TLS handshake.
  silent = await listen(net.createServer(() => {}));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

const provider = (id: string, issuer: string): OidcProviderConfig => ({
  id,
  type: 'oidc',
  label: `Provider ${id}`,
  issuer,
  clientId: 'portal',
  clientSecret: 'secret',
  claims: { registrationId: 'student_id', email: 'email', fullname: 'name' },
  roles: [{ claim: 'groups', value: 'students', role: 'student' }],
});

const ctx = useTestApp(() => ({
  publicOrigin: 'https://portal.campus.test',
  signInProviders: [provider('dns', 'https://idp.campus.invalid/realms/campus'), provider('closed', closedPort), provider('tls', untrusted), provider('missing', notFound)],
}));

/** An administrator's test of `id`: where it lands, and the test it kept. */
async function testProvider(id: string) {
  const admin = await loginAdmin(ctx.app);
  const browser = new CampusBrowser(ctx.app);
  browser.cookies.set('campus_session', admin.cookie.split('=')[1]!);
  const res = await browser.get(`${paths.auth.start(id)}?test=true`);
  const location = String(res.headers.location);
  const testId = location.split('/').pop()!;
  const read = await ctx.app.inject({ method: 'GET', url: paths.auth.signInTest(testId), headers: { cookie: admin.cookie } });
  return { res, location, read, admin, testId };
}

describe('a test sign-in with a provider that cannot be reached', () => {
  it.each([
    ['dns', 'nameNotFound', () => 'https://idp.campus.invalid/realms/campus/.well-known/openid-configuration'],
    ['closed', 'refused', () => `${closedPort}/.well-known/openid-configuration`],
    ['tls', 'tls', () => `${untrusted}/.well-known/openid-configuration`],
    ['missing', 'discovery', () => `${notFound}/.well-known/openid-configuration`],
  ])('%s: comes back to the administration pages saying %s and the address tried', async (id, kind, address) => {
    const { res, location, read } = await testProvider(id);
    expect(res.statusCode).toBe(302);
    expect(location).toMatch(/^\/admin\/sign-in\/[0-9a-f-]{36}$/);
    expect(read.statusCode).toBe(200);
    const { test } = read.json().data;
    expect(test).toMatchObject({ provider: { id }, subject: '', claims: {}, account: null, matched: null, refusal: null, failure: { kind, address: address() } });
    expect(test.failure.detail).not.toBe('');
  });

  it('is for administrators only, and a real sign-in still goes to the login page', async () => {
    const { testId } = await testProvider('closed');
    const student = await buildStudent(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: paths.auth.signInTest(testId), headers: { cookie: student.cookie } })).statusCode).toBe(403);
    const signIn = await new CampusBrowser(ctx.app).get(paths.auth.start('closed'));
    expect(refusalOf(signIn)).toBe('sign_in_unavailable');
  });
});

describe('diagnose', () => {
  it('says timeout when the provider accepts and never answers', async () => {
    const hanging = new OidcProvider(provider('slow', silent), 1);
    const err = await hanging.authorizationUrl('https://portal.campus.test/cb', { state: 's', nonce: 'n', codeVerifier: 'v'.repeat(43) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(diagnose(err, discoveryAddress(silent))).toMatchObject({ kind: 'timeout', address: `${silent}/.well-known/openid-configuration` });
  });

  it('says other for an error it cannot place, with its words', () => {
    expect(diagnose(new Error('something odd'), 'https://idp.example/x')).toEqual({ kind: 'other', address: 'https://idp.example/x', detail: 'something odd' });
  });

  it('appends the well-known path to an issuer with or without a trailing slash', () => {
    expect(discoveryAddress('https://idp.example/realms/campus/')).toBe('https://idp.example/realms/campus/.well-known/openid-configuration');
    expect(discoveryAddress('https://idp.example')).toBe('https://idp.example/.well-known/openid-configuration');
  });
});
