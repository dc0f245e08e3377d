import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type OidcBrowser, type TestOidcProvider } from './oidc-provider';
import { selfSignedCertificate } from './self-signed';

// The harness proved against openid-client itself (the library the portal signs in with), not
// the portal: discovery over trusted HTTPS, code + PKCE through signIn, userinfo, back-channel
// logout delivered to a real listener, tampered ID tokens refused, an untrusted certificate refused.

const STUDENT = {
  email: 'asha.rao@campus.test',
  email_verified: true,
  name: 'Asha Rao',
  student_id: '2211070042',
  groups: ['students', 'cse-2022'],
  semester: 5,
  branch: 'CSE',
};
const SCOPE = 'openid email profile campus';

/** The portal's back-channel logout endpoint, as a bare listener that keeps what it is sent. */
interface Listener {
  url: string;
  received: { path: string; form: URLSearchParams }[];
  server: Server;
}

async function startListener(): Promise<Listener> {
  const received: Listener['received'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', form: new URLSearchParams(body) });
      res.writeHead(req.url === '/broken' ? 500 : 200, { 'cache-control': 'no-store' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

let op: TestOidcProvider;
let rp: Listener;
let config: oidc.Configuration;
const redirectUri = 'http://127.0.0.1:9/callback';

/** One sign-in as the portal makes it: PKCE, state and nonce; returns what the callback would see. */
async function signIn(sub: string, browser?: OidcBrowser, extra: Record<string, string> = {}, client = config) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  const result = await op.signIn(url.href, sub, browser);
  const exchange = () => oidc.authorizationCodeGrant(client, new URL(result.callbackUrl), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
  return { ...result, exchange };
}

beforeAll(async () => {
  rp = await startListener();
  op = await startOidcProvider({
    clients: [
      { clientId: 'portal', clientSecret: 'portal-secret', redirectUris: [redirectUri], backchannelLogoutUri: `${rp.url}/backchannel` },
      { clientId: 'basic-rp', clientSecret: 'basic-secret', redirectUris: [redirectUri], tokenEndpointAuthMethod: 'client_secret_basic' },
      { clientId: 'broken-rp', clientSecret: 'broken-secret', redirectUris: [redirectUri], backchannelLogoutUri: `${rp.url}/broken` },
      { clientId: 'sid-rp', clientSecret: 'sid-secret', redirectUris: [redirectUri], backchannelLogoutUri: `${rp.url}/sid-backchannel`, backchannelLogoutSessionRequired: true },
    ],
    accounts: { s1001: { ...STUDENT } },
  });
  config = await oidc.discovery(new URL(op.issuer), 'portal', 'portal-secret');
});

afterAll(async () => {
  await op?.stop();
  rp?.server.close();
});

describe('the test OpenID provider', () => {
  it('is discovered over HTTPS with the run\'s certificate trusted', () => {
    const metadata = config.serverMetadata();
    expect(op.issuer).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(metadata.issuer).toBe(op.issuer);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.backchannel_logout_supported).toBe(true);
    expect(metadata.end_session_endpoint).toBe(`${op.issuer}/session/end`);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'campus']));
  });

  it('signs in with code and PKCE: every claim in the ID token and at userinfo', async () => {
    const { callbackUrl, exchange } = await signIn('s1001');
    expect(new URL(callbackUrl).origin + new URL(callbackUrl).pathname).toBe(redirectUri);
    const tokens = await exchange();
    expect(tokens.claims()).toMatchObject({ iss: op.issuer, aud: 'portal', sub: 's1001', ...STUDENT });
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, 's1001');
    expect(userinfo).toMatchObject({ sub: 's1001', ...STUDENT });
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: SCOPE, state: 'x' });
    const { callbackUrl } = await op.signIn(url.href, 's1001');
    expect(Object.fromEntries(new URL(callbackUrl).searchParams)).toMatchObject({ error: 'invalid_request', state: 'x' });
  });

  it('keeps the browser\'s session: a second sign-in needs no login, prompt=none works', async () => {
    const first = await signIn('s1001');
    await first.exchange();
    const second = await signIn('nobody-asked', first.browser, { prompt: 'none' });
    expect((await second.exchange()).claims()?.sub).toBe('s1001');
    const stranger = await signIn('s1001', undefined, { prompt: 'none' });
    expect(new URL(stranger.callbackUrl).searchParams.get('error')).toBe('login_required');
  });

  it('releases claims as they are at each sign-in, and refuses an account that is gone', async () => {
    op.accounts.set('s1002', { ...STUDENT, email: 'old@campus.test', semester: 3 });
    const before = await signIn('s1002');
    op.accounts.set('s1002', { ...STUDENT, email: 'new@campus.test', semester: 4 });
    expect((await before.exchange()).claims()).toMatchObject({ email: 'new@campus.test', semester: 4 });

    const pending = await signIn('s1002');
    op.accounts.delete('s1002');
    await expect(pending.exchange()).rejects.toMatchObject({ error: 'invalid_grant' });
    // Its session went with it: the same browser is asked to log in again, and cannot as s1002.
    const silent = await signIn('s1002', pending.browser, { prompt: 'none' });
    expect(new URL(silent.callbackUrl).searchParams.get('error')).toBe('login_required');
    const again = await signIn('s1002', pending.browser);
    expect(Object.fromEntries(new URL(again.callbackUrl).searchParams)).toMatchObject({ error: 'access_denied', error_description: 'no account s1002' });
  });

  it('authenticates a client_secret_basic client too', async () => {
    const basic = await oidc.discovery(new URL(op.issuer), 'basic-rp', 'basic-secret', oidc.ClientSecretBasic());
    const tokens = await (await signIn('s1001', undefined, {}, basic)).exchange();
    expect(tokens.claims()?.aud).toBe('basic-rp');
  });

  it('logOut ends the session: the provider has POSTed each of its clients a logout token it can verify', async () => {
    const { browser, exchange } = await signIn('s1001');
    expect((await exchange()).claims()?.sid).toBeUndefined();
    const sidClient = await oidc.discovery(new URL(op.issuer), 'sid-rp', 'sid-secret');
    const sid = (await (await signIn('s1001', browser, {}, sidClient)).exchange()).claims()?.sid;
    expect(sid).toEqual(expect.any(String));
    rp.received.length = 0;
    await op.logOut(browser);
    expect(rp.received.map((r) => r.path).sort()).toEqual(['/backchannel', '/sid-backchannel']);

    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ''));
    const verify = async (path: string, audience: string) => {
      const token = rp.received.find((r) => r.path === path)?.form.get('logout_token') ?? '';
      expect(decodeProtectedHeader(token).typ).toBe('logout+jwt');
      return (await jwtVerify(token, jwks, { issuer: op.issuer, audience, typ: 'logout+jwt' })).payload;
    };
    const payload = await verify('/backchannel', 'portal');
    expect(payload).toMatchObject({ sub: 's1001', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } });
    expect(payload.sid).toBeUndefined();
    expect(payload.nonce).toBeUndefined();
    expect(await verify('/sid-backchannel', 'sid-rp')).toMatchObject({ sub: 's1001', sid });

    const after = await signIn('s1001', browser, { prompt: 'none' });
    expect(new URL(after.callbackUrl).searchParams.get('error')).toBe('login_required');
  });

  it('logOut rejects when a client did not take its logout token, after delivering the others', async () => {
    const { browser } = await signIn('s1001');
    const broken = await oidc.discovery(new URL(op.issuer), 'broken-rp', 'broken-secret');
    await signIn('s1001', browser, {}, broken);
    rp.received.length = 0;
    await expect(op.logOut(browser)).rejects.toThrow(/broken-rp: expected 200 OK from .*\/broken, got: 500/);
    expect(rp.received.map((r) => r.path).sort()).toEqual(['/backchannel', '/broken']);
  });

  it('makes logout tokens with its key or a foreign one', async () => {
    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ''));
    const genuine = await op.logoutToken({ sub: 's1001' });
    const { payload } = await jwtVerify(genuine, jwks, { issuer: op.issuer, audience: 'portal', typ: 'logout+jwt' });
    expect(payload).toMatchObject({ sub: 's1001', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } });
    expect(payload.exp).toBe((payload.iat ?? 0) + 120);

    const overridden = await op.logoutToken({ sub: 's1001', aud: 'someone-else', nonce: 'n', events: undefined });
    const claims = (await jwtVerify(overridden, jwks)).payload;
    expect(claims).toMatchObject({ aud: 'someone-else', nonce: 'n' });
    expect(claims).not.toHaveProperty('events');

    const forged = await op.logoutToken({ sub: 's1001' }, { foreignKey: true });
    expect(decodeProtectedHeader(forged).kid).toBe(decodeProtectedHeader(genuine).kid);
    await expect(jwtVerify(forged, jwks)).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
  });

  it('tampers with the next ID token once: openid-client refuses it, the one after is fine', async () => {
    op.tamperNextIdToken((claims) => ({ ...claims, aud: 'someone-else' }));
    expect(chain(await refusal((await signIn('s1001')).exchange()))).toContain('unexpected JWT "aud" (audience) claim value');
    op.tamperNextIdToken((claims) => ({ ...claims, nonce: 'replayed' }));
    expect(chain(await refusal((await signIn('s1001')).exchange()))).toContain('unexpected ID Token "nonce" claim value');
    expect((await (await signIn('s1001')).exchange()).claims()?.sub).toBe('s1001');
  });

  it('is refused with a certificate the run does not trust', async () => {
    const stranger = await startOidcProvider({ clients: [], certificate: await selfSignedCertificate() });
    try {
      const error = await refusal(oidc.discovery(new URL(stranger.issuer), 'portal', 'portal-secret'));
      expect(chain(error, 'code')).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    } finally {
      await stranger.stop();
    }
  });
});

/** What a promise that must fail failed with. */
function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a refusal'),
    (error: unknown) => error,
  );
}

/**
 * The messages (or codes) along an error's `cause` chain: openid-client wraps the check that failed
 * ("unexpected JWT claim value encountered" around the claim's own), fetch the TLS error.
 */
function chain(error: unknown, key: 'message' | 'code' = 'message'): string[] {
  const found: string[] = [];
  for (let e = error as { message?: string; code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) found.push(String(e[key]));
  return found;
}
