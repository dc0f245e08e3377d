import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { SignedXml } from 'xml-crypto';
// With its extension, as every relative import on this path, so that `node` runs the standalone
// IdP (e2e/support/saml-idp.ts) by stripping types, without a loader.
import { selfSignedCertificate, type Certificate } from './self-signed.ts';

/** Someone who can sign in at the test IdP. */
export interface SamlUser {
  /** The NameID (format persistent): the portal's stable key for the person. */
  nameId: string;
  /** Sent as the AttributeStatement, one Attribute per name (an array: several values). */
  attributes: Record<string, string | string[]>;
}

/**
 * What one response should get wrong, for the portal's refusal tests. Each is also a query
 * parameter of GET /sso (`?lifetimeSeconds=-60`, `?notBefore=<ISO date>`, `?signWith=other-key`…),
 * so a browser test can ask for the same.
 */
export interface SignInOptions {
  /** How long the assertion is valid from now (default and 0: samlp's 3600). Negative: already expired. */
  lifetimeSeconds?: number;
  /** The Conditions' NotBefore (samlp always writes "now"): a later one is not yet valid. */
  notBefore?: Date;
  /** The AudienceRestriction (default: the AuthnRequest's Issuer, the SP's entity ID). */
  audience?: string;
  /** The Response's Destination and the SubjectConfirmationData's Recipient (default: the AuthnRequest's ACS URL). */
  recipient?: string;
  /** The Response's and the SubjectConfirmationData's InResponseTo (default: the AuthnRequest's ID). */
  inResponseTo?: string;
  /** Whose key signs: the IdP's (default), or a stranger's, whose certificate the KeyInfo then carries. */
  signWith?: 'idp' | 'other-key';
  /** Sign the Response as well as the Assertion (default: as the IdP was started). */
  signResponse?: boolean;
}

/** The fields of the IdP's auto-submitting form, as a browser would POST them to the portal. */
export interface SamlPost {
  /** Where the form posts: the ACS URL the AuthnRequest named. */
  action: string;
  /** The Response, base64. */
  SAMLResponse: string;
  RelayState: string;
}

/** Classic XML signature wrapping (XSW) layouts; see {@link wrapped}. */
export type WrapVariant = 'sibling' | 'wrap' | 'object';

/**
 * A real SAML 2.0 identity provider (auth0's samlp, which builds and signs the responses) on
 * 127.0.0.1 and a free port, in process. GET /sso takes an HTTP-Redirect AuthnRequest
 * (SAMLRequest, deflated; RelayState) and answers, for `?user=<key>`, samlp's auto-submitting
 * HTML form that POSTs the signed Response to the ACS URL the request named; without `user`, a
 * page of links to pick one. GET /metadata is its IdP metadata (entity ID, SSO endpoint, cert).
 */
export interface TestSamlIdp {
  /** http://127.0.0.1:<port>/sso, the SP's entryPoint (plain http: only the browser talks to it). */
  entryPoint: string;
  /** The IdP's entity ID, the Issuer of its responses and assertions. */
  issuer: string;
  /** PEM of the signing certificate: the SP's idpCert. */
  cert: string;
  /** http://127.0.0.1:<port>/metadata */
  metadataUrl: string;
  /** Who can sign in, by the key `signIn` and `?user=` take. Change it at will. */
  users: Map<string, SamlUser>;
  /**
   * Plays the browser at the IdP: GETs the redirect URL the SP made (it must lead to
   * `entryPoint`) as `user`, and returns what the auto-submitting form would POST. Not posted.
   */
  signIn(redirectUrl: string, user: string, options?: SignInOptions): Promise<SamlPost>;
  /** A genuine response with the Assertion's Signature removed (base64 in, base64 out). */
  unsigned(samlResponse: string): string;
  /** A genuine response with an unsigned forged Assertion wrapped around or beside the signed one. */
  wrapped(samlResponse: string, evil: Partial<SamlUser>, variant?: WrapVariant): string;
  stop(): Promise<void>;
}

const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const SAML_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

// samlp ships no types: what this file uses of it, as its lib/samlp.js and lib/templates.js define it.
interface Samlp {
  parseRequest(req: { query: Record<string, string> }, callback: (err: Error | null, data?: AuthnRequestData) => void): void;
  getSamlResponse(options: Record<string, unknown>, user: SamlUser, callback: (err: Error | null, xml?: string) => void): void;
}
interface AuthnRequestData {
  id?: string;
  issuer?: string;
  assertionConsumerServiceURL?: string;
}
interface SamlpTemplates {
  form(data: { type: 'SAMLResponse'; callback: string; RelayState: string; token: string }): string;
  metadata(data: { issuer: string; pem: string; redirectEndpoint: string; postEndpoint: string; logoutEndpoints: object; claimTypes: object[] }): string;
}
// The DOM this file edits responses with, as @xmldom/xmldom implements it, typed here: its own
// typings reference the browser's DOM lib, which would then apply to the server's whole program
// (and change what its fetch and Blob accept).
interface XmlElement {
  readonly nodeType: number;
  readonly namespaceURI: string | null;
  readonly localName: string;
  readonly childNodes: ArrayLike<XmlElement>;
  readonly ownerDocument: XmlDocument;
  textContent: string | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  setAttributeNS(ns: string, name: string, value: string): void;
  appendChild(child: XmlElement): XmlElement;
  insertBefore(child: XmlElement, before: XmlElement): XmlElement;
  replaceChild(child: XmlElement, old: XmlElement): XmlElement;
  removeChild(child: XmlElement): XmlElement;
  cloneNode(deep: true): XmlElement;
}
interface XmlDocument {
  readonly documentElement: XmlElement;
  createElementNS(ns: string, qualifiedName: string): XmlElement;
}
interface XmlDom {
  DOMParser: new () => { parseFromString(xml: string, type: 'text/xml'): XmlDocument };
  XMLSerializer: new () => { serializeToString(doc: XmlDocument): string };
}

const require = createRequire(import.meta.url);
const samlp = require('samlp') as Samlp;
const { DOMParser, XMLSerializer } = require('@xmldom/xmldom') as XmlDom;
// The form and metadata are samlp's own templates (what its auth() and metadata() middleware
// render), used directly: this server is plain node:http, not Express.
const templates = require('samlp/lib/templates') as SamlpTemplates;

export async function startSamlIdp(
  options: {
    issuer?: string;
    users?: Record<string, SamlUser>;
    /** Sign the Response too (samlp signs only the Assertion by default). node-saml's SP wants it unless told `wantAuthnResponseSigned: false`. */
    signResponse?: boolean;
    /** 0 (default): a free port. */
    port?: number;
    /** The IdP's key pair (default: a fresh self-signed one). */
    certificate?: Certificate;
  } = {},
): Promise<TestSamlIdp> {
  const [own, stranger] = await Promise.all([options.certificate ?? selfSignedCertificate('test-saml-idp'), selfSignedCertificate('a-stranger')]);
  const users = new Map(Object.entries(options.users ?? {}));
  const issuer = options.issuer ?? 'urn:campus:test-saml-idp';

  /** The SAMLResponse XML samlp makes for `user`, answering `samlRequest` (base64, deflated or not). */
  async function respond(samlRequest: string, user: SamlUser, o: SignInOptions): Promise<{ acs: string; xml: string }> {
    const request = await new Promise<AuthnRequestData | undefined>((resolve, reject) =>
      samlp.parseRequest({ query: { SAMLRequest: samlRequest } }, (err, data) => (err ? reject(err) : resolve(data))),
    );
    const acs = request?.assertionConsumerServiceURL;
    // A real IdP could look the ACS URL up in the SP's metadata; this one has none, so the request must name it.
    if (!request?.id || !request.issuer || !acs) throw new Error('the AuthnRequest needs an ID, an Issuer and an AssertionConsumerServiceURL');
    const signer = o.signWith === 'other-key' ? stranger : own;
    // samlp always writes NotBefore = now: for another, it leaves the assertion unsigned and it is signed here after the edit.
    const resign = o.notBefore !== undefined;
    const signResponse = o.signResponse ?? options.signResponse ?? false;
    const xml = await new Promise<string>((resolve, reject) =>
      samlp.getSamlResponse(
        {
          issuer,
          cert: signer.cert,
          key: signer.key,
          signatureAlgorithm: 'rsa-sha256',
          digestAlgorithm: 'sha256',
          signAssertion: !resign,
          signResponse: signResponse && !resign,
          audience: o.audience ?? request.issuer,
          destination: o.recipient ?? acs,
          recipient: o.recipient ?? acs,
          inResponseTo: o.inResponseTo ?? request.id,
          lifetimeInSeconds: o.lifetimeSeconds ?? 3600,
          // The attributes go out under their own names (samlp's default maps a Passport profile to WS-Fed claim URIs).
          profileMapper: (u: SamlUser) => ({
            getClaims: () => u.attributes,
            getNameIdentifier: () => ({ nameIdentifier: u.nameId, nameIdentifierFormat: PERSISTENT }),
          }),
        },
        user,
        (err, out) => (err || !out ? reject(err ?? new Error('samlp made no response')) : resolve(out)),
      ),
    );
    if (!resign) return { acs, xml };
    const doc = parseXml(xml);
    const conditions = children(assertionOf(doc), SAML_NS, 'Conditions')[0];
    conditions?.setAttribute('NotBefore', o.notBefore!.toISOString());
    let edited = signEnveloped(new XMLSerializer().serializeToString(doc), 'Assertion', signer);
    if (signResponse) edited = signEnveloped(edited, 'Response', signer);
    return { acs, xml: edited };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      res.end(body);
    };
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'GET' && url.pathname === '/metadata') {
      const pem = own.cert.replace(/-----[^-]+-----|\s/g, '');
      return send(200, 'application/xml', templates.metadata({ issuer, pem, redirectEndpoint: entryPoint, postEndpoint: entryPoint, logoutEndpoints: {}, claimTypes: [] }));
    }
    if (req.method !== 'GET' || url.pathname !== '/sso') return send(404, 'text/plain', 'not found');
    const q = url.searchParams;
    const samlRequest = q.get('SAMLRequest');
    if (!samlRequest) return send(400, 'text/plain', 'SAMLRequest missing');
    const key = q.get('user');
    if (key === null) return send(200, 'text/html', picker(url, users));
    const user = users.get(key);
    if (!user) return send(404, 'text/plain', `no user ${key}`);
    const { acs, xml } = await respond(samlRequest, user, optionsFromQuery(q));
    send(200, 'text/html', templates.form({ type: 'SAMLResponse', callback: acs, RelayState: q.get('RelayState') ?? '', token: Buffer.from(xml).toString('base64') }));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(err instanceof Error ? err.message : String(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  const entryPoint = `${origin}/sso`;

  return {
    entryPoint,
    issuer,
    cert: own.cert,
    metadataUrl: `${origin}/metadata`,
    users,
    async signIn(redirectUrl, user, signInOptions = {}) {
      const url = new URL(redirectUrl);
      if (`${url.origin}${url.pathname}` !== entryPoint) throw new Error(`${redirectUrl} does not lead to this IdP (${entryPoint})`);
      url.searchParams.set('user', user);
      for (const [name, value] of Object.entries(signInOptions)) {
        if (value !== undefined) url.searchParams.set(name, value instanceof Date ? value.toISOString() : String(value));
      }
      const res = await fetch(url);
      const html = await res.text();
      if (!res.ok) throw new Error(`the IdP answered ${res.status}: ${html}`);
      return readForm(html);
    },
    unsigned,
    wrapped,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // fetch keeps its connection alive; close() would wait for it.
      server.closeAllConnections();
      await closed;
    },
  };
}

/** GET /sso's query, read back into the options `signIn` sent through it. */
function optionsFromQuery(q: URLSearchParams): SignInOptions {
  const text = (name: string) => q.get(name) ?? undefined;
  const lifetime = text('lifetimeSeconds');
  const notBefore = text('notBefore');
  const signWith = text('signWith');
  const signResponse = text('signResponse');
  if (signWith !== undefined && signWith !== 'idp' && signWith !== 'other-key') throw new Error(`signWith must be idp or other-key, not ${signWith}`);
  return {
    lifetimeSeconds: lifetime === undefined ? undefined : Number(lifetime),
    notBefore: notBefore === undefined ? undefined : new Date(notBefore),
    audience: text('audience'),
    recipient: text('recipient'),
    inResponseTo: text('inResponseTo'),
    signWith,
    signResponse: signResponse === undefined ? undefined : signResponse === 'true',
  };
}

/** The page GET /sso shows without `user`: one link per user, to the same request. */
function picker(url: URL, users: Map<string, SamlUser>): string {
  const links = [...users].map(([key, user]) => {
    const target = new URL(url);
    target.searchParams.set('user', key);
    return `<li><a href="${escapeHtml(target.pathname + target.search)}">${escapeHtml(key)}</a> (${escapeHtml(user.nameId)})</li>`;
  });
  return `<!doctype html><html><head><title>Test IdP: sign in</title></head><body><h1>Sign in as</h1><ul>${links.join('')}</ul></body></html>`;
}

/** The action and fields of samlp's form (templates/form.ejs, escaped by ejs). */
function readForm(html: string): SamlPost {
  const action = /<form[^>]*\saction="([^"]*)"/.exec(html)?.[1];
  const field = (name: string) => new RegExp(`name="${name}"\\s+value="([^"]*)"`).exec(html)?.[1];
  const SAMLResponse = field('SAMLResponse');
  const RelayState = field('RelayState');
  if (action === undefined || SAMLResponse === undefined || RelayState === undefined) throw new Error(`not samlp's form: ${html}`);
  return { action: unescapeHtml(action), SAMLResponse: unescapeHtml(SAMLResponse), RelayState: unescapeHtml(RelayState) };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
// ejs's escapes, undone.
const unescapeHtml = (s: string) => s.replace(/&(amp|lt|gt|#34|#39|quot);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', '#34': '"', '#39': "'", quot: '"' })[e]!);

/** Signs the element `name` (the Response or its Assertion) as samlp does: enveloped, exclusive c14n, RSA-SHA256, after its Issuer. */
function signEnveloped(xml: string, name: 'Assertion' | 'Response', signer: Certificate): string {
  const exc = 'http://www.w3.org/2001/10/xml-exc-c14n#';
  const sig = new SignedXml({ privateKey: signer.key, publicCert: signer.cert, signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', canonicalizationAlgorithm: exc });
  sig.addReference({ xpath: `//*[local-name(.)='${name}']`, transforms: [`${DSIG_NS}enveloped-signature`, exc], digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256' });
  sig.computeSignature(xml, { location: { reference: `//*[local-name(.)='${name}']/*[local-name(.)='Issuer']`, action: 'after' } });
  return sig.getSignedXml();
}

const parseXml = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const decode = (samlResponse: string) => parseXml(Buffer.from(samlResponse, 'base64').toString('utf8'));
const encode = (doc: XmlDocument) => Buffer.from(new XMLSerializer().serializeToString(doc)).toString('base64');

/** The element children of `parent` named `name` in namespace `ns`. */
function children(parent: XmlElement, ns: string, name: string): XmlElement[] {
  return Array.from(parent.childNodes).filter((n) => n.nodeType === 1 && n.namespaceURI === ns && n.localName === name);
}

function assertionOf(doc: XmlDocument): XmlElement {
  const [assertion, ...more] = children(doc.documentElement, SAML_NS, 'Assertion');
  if (!assertion || more.length > 0) throw new Error('expected a Response with one Assertion');
  return assertion;
}

function signatureOf(element: XmlElement): XmlElement {
  const signature = children(element, DSIG_NS, 'Signature')[0];
  if (!signature) throw new Error(`the ${element.localName} is not signed`);
  return signature;
}

/** The genuine response with the Assertion's Signature removed: all else as signed. */
export function unsigned(samlResponse: string): string {
  const doc = decode(samlResponse);
  const assertion = assertionOf(doc);
  assertion.removeChild(signatureOf(assertion));
  return encode(doc);
}

/**
 * XML signature wrapping: a forged Assertion (a copy of the signed one with a new ID and
 * `evil`'s NameID and attributes, unsigned) placed where a verifier that checks "a valid signature
 * somewhere" but reads "the first Assertion" would take it, the signed original kept intact:
 * - 'sibling' (XSW3): the forgery before the signed Assertion, both children of the Response;
 * - 'wrap' (XSW4, the default): the forgery in the signed Assertion's place, the original inside it;
 * - 'object' (XSW8): the forgery carries the original's Signature, whose ds:Object holds the
 *   original (its own Signature removed, which the enveloped transform ignores anyway, so the
 *   digest still matches).
 * The genuine response must have only its Assertion signed: a Response signature would break.
 */
export function wrapped(samlResponse: string, evil: Partial<SamlUser>, variant: WrapVariant = 'wrap'): string {
  const doc = decode(samlResponse);
  const response = doc.documentElement;
  const genuine = assertionOf(doc);
  const forged = genuine.cloneNode(true);
  forged.setAttribute('ID', `_forged${randomUUID().replaceAll('-', '')}`);
  const nameId = children(children(forged, SAML_NS, 'Subject')[0]!, SAML_NS, 'NameID')[0]!;
  if (evil.nameId !== undefined) nameId.textContent = evil.nameId;
  if (evil.attributes) setAttributes(forged, evil.attributes);
  const copiedSignature = signatureOf(forged);
  if (variant === 'object') {
    response.replaceChild(forged, genuine);
    genuine.removeChild(signatureOf(genuine));
    const object = doc.createElementNS(DSIG_NS, 'Object');
    object.appendChild(genuine);
    copiedSignature.appendChild(object);
  } else {
    forged.removeChild(copiedSignature);
    if (variant === 'sibling') {
      response.insertBefore(forged, genuine);
    } else {
      response.replaceChild(forged, genuine);
      forged.appendChild(genuine);
    }
  }
  return encode(doc);
}

/** Replaces (or adds) the named attributes in the assertion's AttributeStatement, typed xs:string as samlp types them. */
function setAttributes(assertion: XmlElement, attributes: Record<string, string | string[]>): void {
  const doc = assertion.ownerDocument;
  let statement = children(assertion, SAML_NS, 'AttributeStatement')[0];
  if (!statement) {
    statement = doc.createElementNS(SAML_NS, 'saml:AttributeStatement');
    statement.setAttribute('xmlns:xs', 'http://www.w3.org/2001/XMLSchema');
    statement.setAttribute('xmlns:xsi', XSI_NS);
    assertion.appendChild(statement);
  }
  for (const [name, value] of Object.entries(attributes)) {
    for (const old of children(statement, SAML_NS, 'Attribute').filter((a) => a.getAttribute('Name') === name)) statement.removeChild(old);
    const attribute = doc.createElementNS(SAML_NS, 'saml:Attribute');
    attribute.setAttribute('Name', name);
    for (const v of [value].flat()) {
      const element = doc.createElementNS(SAML_NS, 'saml:AttributeValue');
      element.setAttributeNS(XSI_NS, 'xsi:type', 'xs:string');
      element.textContent = v;
      attribute.appendChild(element);
    }
    statement.appendChild(attribute);
  }
}
