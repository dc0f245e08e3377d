import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OidcProviderConfig } from '../../platform/config/config';
import type { CampusIdentity } from './identities.service';

/** How long one call to the provider may take: a stalled provider fails the sign-in, not the server. */
const PROVIDER_TIMEOUT_S = 10;
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token older than this is not acted on (its `jti` is remembered this long). */
export const LOGOUT_TOKEN_MAX_AGE_S = 600;

/** What the browser's return must prove: the values the sign-in's start kept. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A sign-in's identity, and the provider's own session id (`sid`) a back-channel logout may name. */
export interface OidcIdentity extends CampusIdentity {
  sid: string | null;
}

export interface LogoutToken {
  sub: string | null;
  sid: string | null;
  jti: string;
}

/**
 * One OpenID Connect provider, as a relying party with openid-client (panva's certified one):
 * discovery (cached once it succeeds; HTTPS only, as openid-client insists), the authorization
 * code flow with PKCE, state and nonce, and the logout tokens of Back-Channel Logout 1.0, which
 * openid-client leaves to the application and jose verifies against the provider's published keys.
 */
export class OidcProvider {
  private discovered?: Promise<client.Configuration>;
  private keys?: ReturnType<typeof createRemoteJWKSet>;

  /** `timeoutS`: how long one call may take (shorter in tests of a provider that never answers). */
  constructor(
    readonly settings: OidcProviderConfig,
    private readonly timeoutS = PROVIDER_TIMEOUT_S,
  ) {}

  /** The provider's metadata, fetched once; a failed fetch is not kept, so the next sign-in tries again. */
  private configuration(): Promise<client.Configuration> {
    this.discovered ??= client
      .discovery(new URL(this.settings.issuer), this.settings.clientId, undefined, client.ClientSecretBasic(this.settings.clientSecret), { timeout: this.timeoutS })
      .catch((err: unknown) => {
        this.discovered = undefined;
        throw err;
      });
    return this.discovered;
  }

  /** Where to send the browser. `nonce` and `codeVerifier` come from `newChecks`, `state` from the attempt. */
  async authorizationUrl(redirectUri: string, checks: OidcChecks): Promise<string> {
    const config = await this.configuration();
    const scope = ['openid', ...(this.settings.scopes ?? ['email', 'profile'])].join(' ');
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /** A fresh nonce and PKCE verifier for a sign-in's start to keep. */
  static newChecks(): Omit<OidcChecks, 'state'> {
    return { nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  }

  /**
   * The browser's return: the code exchanged (issuer, audience, signature, state, nonce and PKCE
   * checked by openid-client), and the claims of the ID token with those of userinfo, where
   * directories put groups and custom attributes. Userinfo must be about the same subject.
   */
  async callback(currentUrl: URL, redirectUri: string, checks: OidcChecks): Promise<OidcIdentity> {
    const config = await this.configuration();
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    }, { redirect_uri: redirectUri });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the provider sent no ID token');
    const userinfo = config.serverMetadata().userinfo_endpoint ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub) : {};
    return {
      subject: idClaims.sub,
      claims: { ...userinfo, ...idClaims },
      sid: typeof idClaims.sid === 'string' ? idClaims.sid : null,
    };
  }

  /**
   * A logout token checked as Back-Channel Logout 1.0 says: signed by one of the provider's
   * keys, this provider's and for this client, recent, carrying the back-channel logout event
   * and a `jti`, naming a subject or a session, and no nonce (so that no ID token passes for one).
   */
  async verifyLogoutToken(token: string): Promise<LogoutToken> {
    const config = await this.configuration();
    const metadata = config.serverMetadata();
    if (!metadata.jwks_uri) throw new Error('the provider publishes no keys');
    this.keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: PROVIDER_TIMEOUT_S * 1000 });
    const { payload, protectedHeader } = await jwtVerify(token, this.keys, {
      issuer: metadata.issuer,
      audience: this.settings.clientId,
      requiredClaims: ['iat', 'jti', 'events'],
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE_S,
      clockTolerance: 30,
    });
    if (protectedHeader.typ !== undefined && !/^(application\/)?(logout\+)?jwt$/i.test(protectedHeader.typ)) throw new Error('not a logout token (typ)');
    if ('nonce' in payload) throw new Error('a logout token carries no nonce');
    if (!hasLogoutEvent(payload)) throw new Error('not a logout token (events)');
    const sub = typeof payload.sub === 'string' ? payload.sub : null;
    const sid = typeof payload.sid === 'string' ? payload.sid : null;
    if (sub === null && sid === null) throw new Error('a logout token names a subject or a session');
    return { sub, sid, jti: String(payload.jti) };
  }
}

function hasLogoutEvent(payload: JWTPayload): boolean {
  const events = payload.events;
  if (events === null || typeof events !== 'object' || Array.isArray(events)) return false;
  const event = (events as Record<string, unknown>)[BACKCHANNEL_LOGOUT_EVENT];
  return event !== null && typeof event === 'object' && !Array.isArray(event);
}
