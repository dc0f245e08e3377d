import { SAML, ValidateInResponseTo, type CacheProvider, type SamlConfig } from '@node-saml/node-saml';
import type { SamlProviderConfig } from '../../platform/config/config';
import { ATTEMPT_TTL_MS } from './attempts';
import type { CampusIdentity } from './identities.service';

/** Clocks of the identity provider and the portal may differ this much. */
const CLOCK_SKEW_MS = 60_000;

/** The portal's own addresses at one public origin, as the identity provider knows them. */
export interface SamlEndpoints {
  /** The assertion consumer service: where the browser POSTs the response. */
  acsUrl: string;
  /** This portal's entity id, and the audience every assertion must name. */
  entityId: string;
}

/**
 * The one SAML request a response may answer: node-saml asks its cache provider whether it sent
 * the request a response's InResponseTo names. The answer is the attempt the browser's
 * RelayState found, so a response to another request, or an unsolicited one, is refused, and
 * nothing is kept in one instance's memory.
 */
function expecting(requestId: string | null, sentAt: Date | null): CacheProvider {
  return {
    saveAsync: async (key, value) => ({ value, createdAt: Date.now() }),
    getAsync: async (key) => (requestId !== null && key === requestId && sentAt ? sentAt.toISOString() : null),
    removeAsync: async (key) => key,
  };
}

/**
 * One SAML 2.0 identity provider, as a service provider with node-saml (5.1 or later: earlier
 * versions read assertions from unsigned parts of a signed document): AuthnRequests by the
 * redirect binding, responses by the POST binding, signed assertions only, audience, recipient,
 * time and InResponseTo checked.
 */
export class SamlProvider {
  constructor(readonly settings: SamlProviderConfig) {}

  private client(at: SamlEndpoints, requestId: string | null, sentAt: Date | null): SAML {
    const options: SamlConfig = {
      entryPoint: this.settings.entryPoint,
      idpCert: this.settings.idpCert,
      ...(this.settings.idpIssuer ? { idpIssuer: this.settings.idpIssuer } : {}),
      issuer: at.entityId,
      audience: at.entityId,
      callbackUrl: at.acsUrl,
      wantAssertionsSigned: true,
      // The response envelope need not be signed as well: the assertion's signature is what counts.
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: ATTEMPT_TTL_MS,
      cacheProvider: expecting(requestId, sentAt),
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      // The request's id is ours to choose: it is kept with the attempt.
      generateUniqueId: () => requestId ?? '',
      // Whatever way of signing in the campus uses (password, passkey, MFA) is the campus's.
      disableRequestedAuthnContext: true,
      identifierFormat: null,
    };
    return new SAML(options);
  }

  /** Where to send the browser: the identity provider with an AuthnRequest of id `requestId`. */
  authorizeUrl(at: SamlEndpoints, relayState: string, requestId: string): Promise<string> {
    return this.client(at, requestId, null).getAuthorizeUrlAsync(relayState, undefined, {});
  }

  /**
   * The POSTed response, checked against the request the attempt sent: the person's NameID and
   * the attributes the identity provider released. Throws on anything node-saml refuses.
   */
  async verify(at: SamlEndpoints, samlResponse: string, requestId: string, sentAt: Date): Promise<CampusIdentity> {
    const { profile } = await this.client(at, requestId, sentAt).validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile?.nameID) throw new Error('the response names nobody');
    // node-saml checks neither of these on a sign-in's assertion (it checks the issuer of logout
    // messages only): read from the signed assertion it validated.
    if (!recipients(profile.getAssertion?.()).includes(at.acsUrl)) throw new Error('the assertion is for another recipient');
    if (this.settings.idpIssuer !== undefined && profile.issuer !== this.settings.idpIssuer) throw new Error('the assertion is from another issuer');
    const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
    return { subject: profile.nameID, claims: { ...attributes, nameID: profile.nameID, issuer: profile.issuer } };
  }

  /** The service provider's metadata for the identity provider's administrators. */
  metadata(at: SamlEndpoints): string {
    return this.client(at, null, null).generateServiceProviderMetadata(null, null);
  }
}

type XmlNode = { $?: Record<string, string> } & Record<string, unknown>;
const children = (node: unknown, name: string): XmlNode[] => {
  const list = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[name] : undefined;
  return Array.isArray(list) ? (list as XmlNode[]) : [];
};

/**
 * The Recipient of each SubjectConfirmationData of a validated assertion (as node-saml parsed it):
 * a bearer assertion names the assertion consumer service it is for, and one taken from a
 * response meant for another service provider names that one.
 */
function recipients(parsed: Record<string, unknown> | undefined): string[] {
  const assertion = parsed?.Assertion;
  return children(assertion, 'Subject')
    .flatMap((subject) => children(subject, 'SubjectConfirmation'))
    .flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'))
    .map((data) => data.$?.Recipient)
    .filter((r): r is string => typeof r === 'string');
}
