import { randomUUID } from 'node:crypto';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompactSign, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { Provider, type KoaContext } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import type { Certificate } from './self-signed';

// Imports here name their .ts extension, or none for types only: e2e/support/oidc-provider.ts runs
// this file with plain `node` (type stripping), which resolves no extensionless relative path.

/** A client the provider knows (statically registered, as the campus IdP would register the portal). */
export interface OidcClientOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Where the provider POSTs Back-Channel Logout tokens (plain http on loopback is fine). */
  backchannelLogoutUri?: string;
  /**
   * True: ID tokens and logout tokens carry `sid` (the provider session, per client). Default
   * false: neither does, and logout tokens name the account (`sub`) only.
   */
  backchannelLogoutSessionRequired?: boolean;
  /** Where end_session may send the browser back to (RP-initiated logout with id_token_hint). */
  postLogoutRedirectUris?: string[];
  /**
   * How the client authenticates at the token endpoint. oidc-provider accepts only the registered
   * method; the default is openid-client 6's own default (ClientSecretPost).
   */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
}

export interface OidcProviderOptions {
  clients: OidcClientOptions[];
  /** sub -> the claims released for that account (email, name, student_id, groups, semester, branch, ...). */
  accounts?: Record<string, Record<string, unknown>>;
  /**
   * Claim names the `campus` scope releases besides those the initial accounts use (oidc-provider
   * fixes the claim names at start: a key first added to an account later is not released unless
   * it is listed here or is a standard one).
   */
  campusClaims?: string[];
  /**
   * The TLS certificate to serve. Default: the one the test run trusts (test/global-setup.ts makes
   * it, test/tls-trust.setup.ts trusts it in every worker). A fresh one here is NOT trusted.
   */
  certificate?: Certificate;
  /** Default 0: a free port. */
  port?: number;
}

/**
 * A user agent at the provider: its cookie jar (the provider's session and interaction cookies).
 * Reuse one for a second sign-in (single sign-on, no login asked) and for logOut.
 */
export class OidcBrowser {
  /** `name path` -> value; only this provider's cookies, so the host is not kept. */
  readonly #cookies = new Map<string, { name: string; path: string; value: string }>();

  cookieHeader(url: URL): string {
    return [...this.#cookies.values()]
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attr('path') ?? '/';
      const expires = attr('expires');
      const key = `${name} ${path}`;
      // Koa clears a cookie by setting it empty with an expiry in 1970.
      if (value === '' || (expires !== undefined && Date.parse(expires) <= Date.now())) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, path, value });
    }
  }
}

export interface TestOidcProvider {
  /** https://127.0.0.1:<port>, the issuer and where discovery starts. */
  issuer: string;
  /** The certificate the provider serves (PEM), e.g. for a child process's NODE_EXTRA_CA_CERTS. */
  certificate: Certificate;
  /** Mutable: tests change claims or delete an account between sign-ins. */
  accounts: Map<string, Record<string, unknown>>;
  /**
   * Plays the browser at the provider: GETs the authorization URL the portal made, logs in as `sub`
   * (consent granted), and returns the redirect back to the portal (the callback URL with code and
   * state, or with error=...), NOT followed. An unknown `sub` ends in error=access_denied. A browser
   * that already has a provider session is not asked to log in, whatever `sub` says.
   */
  signIn(authorizationUrl: string, sub: string, browser?: OidcBrowser): Promise<{ callbackUrl: string; browser: OidcBrowser }>;
  /**
   * Ends that browser's provider session through end_session (RP-initiated logout, confirmed):
   * oidc-provider then POSTs a Back-Channel Logout token to every client of the session that has a
   * backchannelLogoutUri. It answers the confirmation only once every one of those POSTs has been
   * answered (or failed), so this resolves after delivery; it rejects if any delivery failed
   * (connection refused, timeout after 2.5 s, or an answer other than 200/204).
   */
  logOut(browser: OidcBrowser): Promise<void>;
  /**
   * A logout token as the provider would send (typ logout+jwt, iss, aud = the first client,
   * iat, exp = iat + 120, jti, the back-channel logout event), signed with its key, `claims`
   * overriding (an explicit `undefined` leaves a claim out). With `foreignKey`, signed by a key it
   * does not publish, under the same kid.
   */
  logoutToken(
    claims: { sub?: string; sid?: string; aud?: string; iss?: string; events?: unknown; nonce?: string; jti?: string; iat?: number; exp?: number },
    options?: { foreignKey?: boolean },
  ): Promise<string>;
  /** The next token response's id_token gets `edit`'s claims, re-signed with the provider's key. One-shot. */
  tamperNextIdToken(edit: (claims: Record<string, unknown>) => Record<string, unknown>): void;
  stop(): Promise<void>;
}

/** The standard OIDC scopes' claims (OIDC Core 5.4), released under `email` and `profile`. */
const STANDARD_CLAIMS: Record<string, string[]> = {
  email: ['email', 'email_verified'],
  profile: ['name', 'family_name', 'given_name', 'middle_name', 'nickname', 'preferred_username', 'profile', 'picture', 'website', 'gender', 'birthdate', 'zoneinfo', 'locale', 'updated_at'],
};
/** What the campus directory releases under the `campus` scope, whether or not an account has it yet. */
const CAMPUS_CLAIMS = ['student_id', 'groups', 'semester', 'branch'];

const BACKCHANNEL_FAILURES = 'x-test-backchannel-failures';
const ALG = 'RS256';

/**
 * A real OpenID provider (oidc-provider 9) over HTTPS on 127.0.0.1, in process: authorization code
 * flow with PKCE (S256) required, client_secret_post/basic, userinfo, revocation, RP-initiated
 * logout and Back-Channel Logout. Its own minimal interaction pages: a login form (field `login`,
 * any or no password) and consent granted without asking. Every claim of an account is released
 * in the ID token and at userinfo when the client asks for `openid email profile campus`.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const certificate = options.certificate ?? (await runCertificate());
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const signing = await newSigningKey();
  let foreign: Promise<CryptoKey> | undefined;
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | undefined;

  // The issuer names the port, so the server listens before the provider exists.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = https.createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standard = new Set(Object.values(STANDARD_CLAIMS).flat());
  const campus = [...new Set([...CAMPUS_CLAIMS, ...(options.campusClaims ?? []), ...[...accounts.values()].flatMap((claims) => Object.keys(claims))])]
    .filter((name) => name !== 'sub' && !standard.has(name));

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: c.tokenEndpointAuthMethod ?? 'client_secret_post',
      ...(c.backchannelLogoutUri
        ? { backchannel_logout_uri: c.backchannelLogoutUri, backchannel_logout_session_required: c.backchannelLogoutSessionRequired ?? false }
        : {}),
      ...(c.postLogoutRedirectUris ? { post_logout_redirect_uris: c.postLogoutRedirectUris } : {}),
    })),
    jwks: { keys: [signing.jwk] },
    // The library's own in-memory storage, named so it does not warn that it is the default; and
    // every default helper it would print a notice for, given: test output stays the tests'.
    adapter: createMemoryAdapter(15),
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 3600, Session: 86_400, Grant: 86_400 },
    clientBasedCORS: () => false,
    renderError,
    async findAccount(_ctx: unknown, sub: string) {
      if (!accounts.has(sub)) return undefined;
      // Read at each use, so a claim a test changed shows in the next token or userinfo answer.
      return { accountId: sub, claims: () => ({ ...accounts.get(sub), sub }) };
    },
    claims: { openid: ['sub'], ...STANDARD_CLAIMS, campus },
    // Scope claims in the ID token too, not only at userinfo: the portal may read either.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      revocation: { enabled: true, allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId: string }) => token.clientId === client.clientId },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      userinfo: { enabled: true },
    },
    // oidc-provider's fetch refuses loopback and private addresses (its SSRF guard, a dispatcher it
    // passes in `options`), and every client here listens on loopback: send without that guard.
    fetch: (url: string, { dispatcher: _ssrfGuard, ...init }: RequestInit & { dispatcher?: unknown }) => fetch(url, init),
  });

  provider.on('server_error', (_ctx, error) => console.error('test OpenID provider: server error', error));
  // Collected per end_session confirmation (its Koa context) and sent back in a header for logOut.
  provider.on('backchannel.error', (ctx, error, client) => {
    (ctx.state.backchannelFailures as string[] | undefined)?.push(`${client.clientId}: ${error.message}`);
  });

  provider.use(async (ctx, next) => {
    if (ctx.path.startsWith('/interaction/')) return interaction(ctx);
    if (ctx.path === '/auth' || ctx.path.startsWith('/auth/')) {
      // An account taken out of the directory loses its session, as at a real provider: the
      // browser is asked to log in again (oidc-provider itself fails with a 500 on a session whose
      // account findAccount no longer finds).
      const session = await provider.Session.get(ctx);
      if (session.accountId && !accounts.has(session.accountId)) await session.destroy();
    }
    ctx.state.backchannelFailures = [];
    await next();
    const failures = ctx.state.backchannelFailures as string[];
    if (failures.length) ctx.set(BACKCHANNEL_FAILURES, JSON.stringify(failures));
    if (tamper && ctx.method === 'POST' && ctx.path === '/token' && ctx.status === 200) {
      const body = ctx.body as { id_token?: string };
      if (body.id_token) {
        const edit = tamper;
        tamper = undefined;
        ctx.body = { ...body, id_token: await sign(decodeProtectedHeader(body.id_token), edit(decodeJwt(body.id_token)), signing.privateKey) };
      }
    }
  });

  /** GET: the login form, or consent granted at once. POST: the login form's answer. */
  async function interaction(ctx: KoaContext): Promise<void> {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const finish = async (result: Parameters<Provider['interactionResult']>[2], merge: boolean) => {
      ctx.status = 303;
      ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: merge }));
    };
    if (details.prompt.name === 'consent') {
      // What devInteractions' consent form would grant on "Continue": everything asked for.
      const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined)
        ?? new provider.Grant({ accountId: details.session?.accountId ?? '', clientId: details.params.client_id });
      const missing = details.prompt.details;
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
      return finish({ consent: { grantId: await grant.save() } }, true);
    }
    if (details.prompt.name !== 'login') {
      ctx.status = 501;
      ctx.body = `prompt ${details.prompt.name} is not handled by the test provider`;
      return;
    }
    if (ctx.method === 'POST') {
      const login = new URLSearchParams(await readBody(ctx.req)).get('login') ?? '';
      // An account the directory does not have cannot sign in: the client hears access_denied.
      if (!accounts.has(login)) return finish({ error: 'access_denied', error_description: `no account ${login}` }, false);
      return finish({ login: { accountId: login } }, false);
    }
    ctx.type = 'html';
    ctx.body = loginPage(`/interaction/${details.uid}`, details.params.login_hint);
  }

  handle = provider.callback();

  /** One request as a browser makes it: its cookies sent and kept, redirects not followed. */
  async function visit(browser: OidcBrowser, url: URL, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { cookie: browser.cookieHeader(url), accept: 'text/html' };
    const response = await fetch(url, form
      ? { method: 'POST', headers, body: new URLSearchParams(form), redirect: 'manual' }
      : { headers, redirect: 'manual' });
    browser.store(response);
    return response;
  }

  return {
    issuer,
    certificate,
    accounts,
    async signIn(authorizationUrl, sub, browser = new OidcBrowser()) {
      let url = new URL(authorizationUrl);
      if (url.origin !== new URL(issuer).origin) throw new Error(`${authorizationUrl} is not at this provider (${issuer})`);
      let loggedIn = false;
      for (let hop = 0; hop < 20; hop++) {
        const onLoginPage = url.pathname.startsWith('/interaction/');
        const response = await visit(browser, url);
        const location = response.headers.get('location');
        if (location) {
          url = new URL(location, url);
          if (url.origin !== new URL(issuer).origin) return { callbackUrl: url.href, browser };
          continue;
        }
        if (response.status === 200 && onLoginPage && !loggedIn) {
          // The login form posts back to where it was served from.
          loggedIn = true;
          const answer = await visit(browser, url, { login: sub, password: 'any' });
          const next = answer.headers.get('location');
          if (!next) throw new Error(`the provider refused the login (${answer.status}): ${(await answer.text()).slice(0, 300)}`);
          url = new URL(next, url);
          continue;
        }
        throw new Error(`the provider answered ${url.pathname} with ${response.status}: ${(await response.text()).slice(0, 500)}`);
      }
      throw new Error('too many redirects at the provider');
    },
    async logOut(browser) {
      const page = await visit(browser, new URL('/session/end', issuer));
      const html = await page.text();
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
      if (!xsrf) throw new Error(`no logout form at the provider (${page.status}): ${html.slice(0, 300)}`);
      // "Yes, sign me out": ends the whole session, so every client of it gets its logout token.
      const confirmed = await visit(browser, new URL('/session/end/confirm', issuer), { xsrf, logout: 'yes' });
      if (confirmed.status !== 303) throw new Error(`logout confirmation answered ${confirmed.status}: ${(await confirmed.text()).slice(0, 300)}`);
      const failures = confirmed.headers.get(BACKCHANNEL_FAILURES);
      if (failures) throw new Error(`back-channel logout failed: ${(JSON.parse(failures) as string[]).join('; ')}`);
    },
    async logoutToken(claims, tokenOptions = {}) {
      const iat = Math.floor(Date.now() / 1000);
      const payload = {
        iss: issuer,
        aud: options.clients[0]?.clientId,
        iat,
        exp: iat + 120,
        jti: randomUUID(),
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
        ...claims,
      };
      foreign ??= newSigningKey().then((k) => k.privateKey);
      const key = tokenOptions.foreignKey ? await foreign : signing.privateKey;
      return sign({ alg: ALG, kid: signing.jwk.kid, typ: 'logout+jwt' }, payload, key);
    },
    tamperNextIdToken(edit) {
      tamper = edit;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The certificate test/global-setup.ts made for this run, trusted by every vitest worker. */
async function runCertificate(): Promise<Certificate> {
  // Imported here, not above: it reads vitest's provided context, and the standalone entry (e2e)
  // runs this file outside vitest.
  const { runCertificate } = await import('./tls-certificate.ts');
  return runCertificate();
}

async function newSigningKey(): Promise<{ jwk: JWK & { kid: string }; privateKey: CryptoKey }> {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: ALG, use: 'sig' };
  return { jwk, privateKey };
}

function sign(header: Record<string, unknown>, payload: Record<string, unknown>, key: CryptoKey): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ ...header, alg: ALG })
    .sign(key);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** The logout confirmation (what logOut submits, and what a browser sees): "Yes, sign me out". */
async function logoutSource(ctx: KoaContext, form: string): Promise<void> {
  ctx.body = page('Sign out', `<h1>Sign out of the test OpenID provider?</h1>
  ${form}
  <button autofocus type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>
  <button type="submit" form="op.logoutForm">No, stay signed in</button>`);
}

/** An error the provider cannot send back to the client (a bad redirect_uri, an unknown client). */
async function renderError(ctx: KoaContext, out: { error: string; error_description?: string }): Promise<void> {
  ctx.type = 'html';
  ctx.body = page('Error', `<h1>${escapeHtml(out.error)}</h1>\n  <p>${escapeHtml(out.error_description ?? '')}</p>`);
}

async function postLogoutSuccessSource(ctx: KoaContext): Promise<void> {
  ctx.body = page('Signed out', '<h1>Signed out</h1>');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page a real browser can use (the e2e journey fills `login` and presses "Sign-in"). */
function loginPage(action: string, loginHint: string | undefined): string {
  return page('Sign-in', `<h1>Sign-in</h1>
  <form method="post" action="${escapeHtml(action)}">
    <label>Login <input type="text" name="login" required autofocus value="${escapeHtml(loginHint ?? '')}"></label>
    <label>Password (any) <input type="password" name="password"></label>
    <button type="submit">Sign-in</button>
  </form>`);
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title} - test OpenID provider</title></head>
<body>
  ${body}
</body></html>`;
}
