import './jose-in-jsdom';
import { codeOf, codePayload, type CodeFacts } from '@campus/contract/document-code';
import { CompactSign, SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, type JWTPayload } from 'jose';

/**
 * A real ES256 key signing documents as the server does (apps/server/src/features/documents/
 * document-keys.ts), for the tests of the page's own check: `publicJwk` is what the key set lists.
 */
export async function documentSigner(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  return {
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
    /** Signs `claims`; `header` overrides the protected header's alg or kid (forgeries). */
    sign: (claims: JWTPayload, header: { alg?: string; kid?: string } = {}) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT', ...header } as { alg: string }).sign(privateKey),
  };
}

/**
 * A real ES256 key signing admit cards' printed codes as the server does (document-keys.ts
 * `signBytes`): its kid the public key's thumbprint, as the portal's are.
 */
export async function codeSigner() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    publicJwk: { ...jwk, kid, alg: 'ES256', use: 'sig' },
    sign: async (facts: CodeFacts) => codeOf(await new CompactSign(Uint8Array.from(Buffer.from(codePayload(facts)))).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey)),
  };
}

/** An admit card's claims as the server signs them: Ada's, issued an hour before `nowSeconds`, valid a day after it. */
export const adaAdmitCard = (nowSeconds: number, courses = [{ coursenumber: 211070501, title: 'Signals and Systems', examDate: '2026-12-03' }]) => ({
  typ: 'admitcard',
  sub: '211070001',
  name: 'Ada Lovelace',
  semester: 5,
  branch: 'Computer Engineering',
  courses,
  iat: nowSeconds - 3600,
  exp: nowSeconds + 86_400,
});
