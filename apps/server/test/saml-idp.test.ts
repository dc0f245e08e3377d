import { inflateRawSync } from 'node:zlib';
import { SAML, ValidateInResponseTo, type SamlConfig } from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { startSamlIdp, type SamlPost, type SignInOptions, type TestSamlIdp } from './saml-idp';

// The test IdP checked against node-saml itself as the service provider, configured as the
// portal's will be: signed assertions, audience, times and InResponseTo checked. If node-saml
// accepts the genuine response and refuses each forgery here, the portal's refusal tests that use
// them test the portal, not the IdP.

const ACS = 'https://portal.campus.test/api/v1/auth/campus-idp/acs';
const SP_ENTITY_ID = 'https://portal.campus.test/saml/campus-idp';
const ADA = {
  nameId: 'f3b1c2d4-ada',
  attributes: { email: 'ada@campus.test', displayName: 'Ada Lovelace', groups: ['staff', 'maths'] },
};

let idp: TestSamlIdp;

beforeAll(async () => {
  idp = await startSamlIdp({ issuer: 'https://idp.campus.test', users: { ada: ADA } });
});

afterAll(async () => {
  await idp.stop();
});

/** An SP as the portal configures one; each has its own in-memory store of the requests it sent. */
function serviceProvider(config: Partial<SamlConfig> = {}): SAML {
  return new SAML({
    entryPoint: idp.entryPoint,
    issuer: SP_ENTITY_ID,
    callbackUrl: ACS,
    idpCert: idp.cert,
    wantAssertionsSigned: true,
    // node-saml wants the Response signed too unless told not to; samlp signs only the Assertion by default.
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    ...config,
  });
}

/** The SP's redirect to the IdP, and what the IdP's form would post back for `user`. */
async function signIn(sp: SAML, options?: SignInOptions, user = 'ada'): Promise<SamlPost & { requestId: string }> {
  const redirect = await sp.getAuthorizeUrlAsync('relay-42', undefined, {});
  const request = inflateRawSync(Buffer.from(new URL(redirect).searchParams.get('SAMLRequest')!, 'base64')).toString();
  const requestId = /\sID="([^"]+)"/.exec(request)![1]!;
  return { ...(await idp.signIn(redirect, user, options)), requestId };
}

const xmlOf = (samlResponse: string) => Buffer.from(samlResponse, 'base64').toString('utf8');

describe('the test SAML IdP, seen by node-saml as the SP', () => {
  it('answers the AuthnRequest with a signed assertion node-saml accepts, for the ACS and RelayState the SP sent', async () => {
    const sp = serviceProvider();
    const post = await signIn(sp);
    expect(post.action).toBe(ACS);
    expect(post.RelayState).toBe('relay-42');
    const xml = xmlOf(post.SAMLResponse);
    expect(xml).toContain(`Destination="${ACS}"`);
    expect(xml).toContain(`Recipient="${ACS}"`);
    expect(xml).toContain(`<saml:Audience>${SP_ENTITY_ID}</saml:Audience>`);

    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: post.SAMLResponse, RelayState: post.RelayState });
    expect(profile).toMatchObject({
      issuer: 'https://idp.campus.test',
      nameID: ADA.nameId,
      nameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      inResponseTo: post.requestId,
      attributes: ADA.attributes,
    });
  });

  it('is refused a second time: the SP forgot the request once answered', async () => {
    const sp = serviceProvider();
    const post = await signIn(sp);
    await sp.validatePostResponseAsync({ SAMLResponse: post.SAMLResponse });
    await expect(sp.validatePostResponseAsync({ SAMLResponse: post.SAMLResponse })).rejects.toThrow('InResponseTo is not valid');
  });

  it('signs the Response too when asked, for an SP that wants both signed', async () => {
    const strict = serviceProvider({ wantAuthnResponseSigned: true });
    const assertionOnly = await signIn(strict);
    await expect(strict.validatePostResponseAsync({ SAMLResponse: assertionOnly.SAMLResponse })).rejects.toThrow('Invalid document signature');

    const both = await signIn(strict, { signResponse: true });
    const { profile } = await strict.validatePostResponseAsync({ SAMLResponse: both.SAMLResponse });
    expect(profile?.nameID).toBe(ADA.nameId);
  });

  it('serves samlp\'s auto-submitting form to a browser, and a page to pick a user without ?user=', async () => {
    const redirect = await serviceProvider().getAuthorizeUrlAsync('relay-42', undefined, {});
    const picker = await (await fetch(redirect)).text();
    expect(picker).toContain('user=ada');
    const form = await (await fetch(`${redirect}&user=ada`)).text();
    expect(form).toMatch(/<form method="post" name="hiddenform" action="https:\/\/portal\.campus\.test\/api\/v1\/auth\/campus-idp\/acs">/);
    expect(form).toContain('document.forms[0].submit()');
    expect((await fetch(`${redirect}&user=nobody`)).status).toBe(404);
    await expect(idp.signIn(redirect, 'nobody')).rejects.toThrow('404');
  });

  it('publishes its metadata: entity ID, SSO endpoint and signing certificate', async () => {
    const metadata = await (await fetch(idp.metadataUrl)).text();
    expect(metadata).toContain('entityID="https://idp.campus.test"');
    expect(metadata).toContain(`Location="${idp.entryPoint}"`);
    expect(metadata).toContain(idp.cert.split('\n')[1]);
  });
});

describe('responses node-saml refuses', () => {
  it('without the assertion\'s signature', async () => {
    const sp = serviceProvider();
    const post = await signIn(sp);
    await expect(sp.validatePostResponseAsync({ SAMLResponse: idp.unsigned(post.SAMLResponse) })).rejects.toThrow('Invalid signature');
  });

  // Each with the check of node-saml 5.1 that catches it.
  it.each([
    ['sibling', 'Invalid signature: multiple assertions'],
    ['wrap', 'Invalid signature'],
    ['object', "Invalid signature: Referenced node does not refer to it's parent element"],
  ] as const)('with a forged assertion wrapped beside or around the signed one (%s)', async (variant, refusal) => {
    const sp = serviceProvider();
    const post = await signIn(sp);
    const evil = { nameId: 'mallory', attributes: { email: 'mallory@evil.test', groups: 'admins' } };
    const forged = idp.wrapped(post.SAMLResponse, evil, variant);
    // A true wrapping: the forged assertion comes first, and the document still holds the IdP's
    // valid signature (of the genuine assertion), which is all a naive verifier would ask.
    const xml = xmlOf(forged);
    expect(/<saml:Assertion [^>]*ID="([^"]+)"/.exec(xml)?.[1]).toMatch(/^_forged/);
    expect(xml).toContain('>mallory<');
    const naive = new SignedXml({ publicCert: idp.cert });
    naive.loadSignature(/<Signature [\s\S]*?<\/Signature>/.exec(xml)![0]);
    expect(naive.checkSignature(xml)).toBe(true);

    await expect(sp.validatePostResponseAsync({ SAMLResponse: forged })).rejects.toThrow(refusal);
  });

  it('expired', async () => {
    const sp = serviceProvider();
    const post = await signIn(sp, { lifetimeSeconds: -60 });
    // Checking InResponseTo, node-saml looks at the SubjectConfirmationData's NotOnOrAfter first
    // (samlp expires it with the Conditions): its words for an expired bearer assertion.
    await expect(sp.validatePostResponseAsync({ SAMLResponse: post.SAMLResponse })).rejects.toThrow('No valid subject confirmation found');
    const lenient = serviceProvider({ validateInResponseTo: ValidateInResponseTo.never });
    const late = await signIn(lenient, { lifetimeSeconds: -60 });
    await expect(lenient.validatePostResponseAsync({ SAMLResponse: late.SAMLResponse })).rejects.toThrow('SAML assertion expired');
  });

  it('not yet valid', async () => {
    const sp = serviceProvider();
    const post = await signIn(sp, { notBefore: new Date(Date.now() + 5 * 60_000) });
    await expect(sp.validatePostResponseAsync({ SAMLResponse: post.SAMLResponse })).rejects.toThrow('SAML assertion not yet valid');
    // Re-signed after the edit, the Response's signature too holds: the time is what is refused.
    const strict = serviceProvider({ wantAuthnResponseSigned: true });
    const both = await signIn(strict, { notBefore: new Date(Date.now() + 5 * 60_000), signResponse: true });
    await expect(strict.validatePostResponseAsync({ SAMLResponse: both.SAMLResponse })).rejects.toThrow('SAML assertion not yet valid');
  });

  it('for another audience', async () => {
    const sp = serviceProvider();
    const post = await signIn(sp, { audience: 'https://elsewhere.test/saml' });
    await expect(sp.validatePostResponseAsync({ SAMLResponse: post.SAMLResponse })).rejects.toThrow('SAML assertion audience mismatch');
  });

  it('signed by another key', async () => {
    const sp = serviceProvider();
    const post = await signIn(sp, { signWith: 'other-key' });
    await expect(sp.validatePostResponseAsync({ SAMLResponse: post.SAMLResponse })).rejects.toThrow('Invalid signature');
  });

  it('in response to a request the SP never sent', async () => {
    const sp = serviceProvider();
    const post = await signIn(sp, { inResponseTo: '_never-sent' });
    await expect(sp.validatePostResponseAsync({ SAMLResponse: post.SAMLResponse })).rejects.toThrow('InResponseTo is not valid');
  });
});

describe('what node-saml 5.1 leaves to the portal', () => {
  // node-saml checks neither the Response's Destination nor the SubjectConfirmationData's
  // Recipient (nor the Issuer: idpIssuer is read for logout only). The portal must compare them
  // with its ACS URL and the provider's entity ID itself; this pins the gap so a change shows.
  it('accepts a response addressed to another recipient, and one from another issuer', async () => {
    const sp = serviceProvider();
    const elsewhere = await signIn(sp, { recipient: 'https://elsewhere.test/acs' });
    expect(xmlOf(elsewhere.SAMLResponse)).toContain('Recipient="https://elsewhere.test/acs"');
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: elsewhere.SAMLResponse });
    expect(profile?.nameID).toBe(ADA.nameId);

    const other = await startSamlIdp({ issuer: 'https://impostor.test', users: { ada: ADA } });
    try {
      const trusting = serviceProvider({ idpCert: other.cert, entryPoint: other.entryPoint, idpIssuer: 'https://idp.campus.test' });
      const redirect = await trusting.getAuthorizeUrlAsync('', undefined, {});
      const post = await other.signIn(redirect, 'ada');
      const result = await trusting.validatePostResponseAsync({ SAMLResponse: post.SAMLResponse });
      expect(result.profile?.issuer).toBe('https://impostor.test');
    } finally {
      await other.stop();
    }
  });
});
