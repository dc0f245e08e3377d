// Campus sign-in (issue 25): what the portal adds to an OpenID Connect sign-in, over the
// provider's own time. A real OpenID provider (oidc-provider, the tests' one) runs in this process
// on loopback HTTPS; the portal, started as `npm start` starts it, trusts its certificate through
// NODE_EXTRA_CA_CERTS as a campus would its CA. Each round is one browser's sign-in from the
// click to the session, timed from outside:
//   - portal: GET /start → the provider (login form, consent) → GET /callback (code exchange,
//     userinfo, the account, the session);
//   - bare: the same flow driven by openid-client alone, in this process, with no portal: the
//     provider's own time and the protocol's round trips, nothing else.
// The difference of the medians is the server time the portal adds. Rounds alternate, so both
// meet the machine in the same state. First sign-ins make the accounts; the second pass signs
// the same people in again (claims applied, no account made). PGlite, or a scratch database of
// BENCH_DATABASE_URL.
import { writeFileSync } from 'node:fs';
import tls from 'node:tls';
import { join } from 'node:path';
import * as client from 'openid-client';
import { OidcBrowser, startOidcProvider } from '../apps/server/test/oidc-provider.ts';
import { selfSignedCertificate } from '../apps/server/test/self-signed.ts';
import { benchDatabase } from './lib/seed.mjs';
import { startServer } from './lib/server.mjs';

const PEOPLE = Number(process.env.BENCH_SIGNIN_PEOPLE ?? 150);
const WARMUP = 10;
const SECRET = 'bench-client-secret';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const ms = (x) => `${x.toFixed(1)} ms`;

/** A browser at the portal: its cookies, and requests that do not follow redirects. */
function portalBrowser(base) {
  const jar = new Map();
  return async (path) => {
    const res = await fetch(`${base}${path}`, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    await res.arrayBuffer();
    return res;
  };
}

export async function signIn({ port }) {
  const base = `http://127.0.0.1:${port}`;
  const accounts = {};
  for (let i = 0; i < PEOPLE + WARMUP; i++) {
    accounts[`sub-${i}`] = { email: `person${i}@campus.test`, name: `Person ${i}`, student_id: String(221070000 + i), groups: ['students'], semester: 1 + (i % 8), branch: 'Civil Engineering' };
  }
  const bareCallback = 'http://127.0.0.1:9/bare/callback';
  const op = await startOidcProvider({
    clients: [
      { clientId: 'portal', clientSecret: SECRET, redirectUris: [`${base}/api/v1/auth/campus/callback`], tokenEndpointAuthMethod: 'client_secret_basic' },
      { clientId: 'bare', clientSecret: SECRET, redirectUris: [bareCallback], tokenEndpointAuthMethod: 'client_secret_basic' },
    ],
    accounts,
    certificate: await selfSignedCertificate(),
  });
  // This process (the bare relying party) trusts the provider as the portal does.
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), op.certificate.cert]);
  const provider = {
    id: 'campus', type: 'oidc', label: 'Campus account', issuer: op.issuer, clientId: 'portal', clientSecret: SECRET, scopes: ['email', 'profile', 'campus'],
    claims: { registrationId: 'student_id', email: 'email', fullname: 'name', semester: 'semester', branch: 'branch' },
    roles: [{ claim: 'groups', value: 'students', role: 'student' }],
  };
  const certFile = join(process.env.TMPDIR ?? '/tmp', `campus-bench-oidc-${process.pid}.pem`);
  writeFileSync(certFile, op.certificate.cert);
  const db = await benchDatabase('signin');
  const server = await startServer({ port, dataDir: db.dataDir, env: { ...db.env, AUTH_PROVIDERS: JSON.stringify([provider]), PUBLIC_ORIGIN: base, NODE_EXTRA_CA_CERTS: certFile } });
  const bare = await client.discovery(new URL(op.issuer), 'bare', undefined, client.ClientSecretBasic(SECRET));

  async function viaPortal(sub) {
    const t = performance.now();
    const get = portalBrowser(base);
    const start = await get('/api/v1/auth/campus/start?next=/my-courses');
    const { callbackUrl } = await op.signIn(start.headers.get('location'), sub, new OidcBrowser());
    const back = new URL(callbackUrl);
    const done = await get(`${back.pathname}${back.search}`);
    if (done.headers.get('location') !== '/my-courses') throw new Error(`sign-in of ${sub} ended at ${done.headers.get('location')}`);
    return performance.now() - t;
  }
  async function viaBare(sub) {
    const t = performance.now();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(bare, { redirect_uri: bareCallback, scope: 'openid email profile campus', state, nonce, code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    const { callbackUrl } = await op.signIn(url.toString(), sub, new OidcBrowser());
    const tokens = await client.authorizationCodeGrant(bare, new URL(callbackUrl), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce }, { redirect_uri: bareCallback });
    await client.fetchUserInfo(bare, tokens.access_token, tokens.claims().sub);
    return performance.now() - t;
  }

  try {
    for (let i = 0; i < WARMUP; i++) {
      await viaPortal(`sub-${PEOPLE + i}`);
      await viaBare(`sub-${PEOPLE + i}`);
    }
    const rows = [{ scenario: 'signin database', value: db.label }];
    for (const pass of ['first sign-in', 'returning']) {
      const portal = [];
      const bareTimes = [];
      for (let i = 0; i < PEOPLE; i++) {
        portal.push(await viaPortal(`sub-${i}`));
        bareTimes.push(await viaBare(`sub-${i}`));
      }
      rows.push({
        scenario: `signin ${pass}: portal round trip (median, p95)`,
        value: `${ms(median(portal))}, ${ms(p95(portal))}; bare openid-client: ${ms(median(bareTimes))}, ${ms(p95(bareTimes))}; the portal adds ${ms(median(portal) - median(bareTimes))} (target ≤ 50 ms; ${PEOPLE} people)`,
      });
    }
    return rows;
  } finally {
    await server.stop();
    await op.stop();
    await db.cleanup();
  }
}
