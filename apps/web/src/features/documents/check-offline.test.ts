import { SignJWT, generateKeyPair, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { adaAdmitCard, codeSigner, documentSigner } from '../../test/document-signer';
import { checkOffline, tokenIn, type PublicKey } from './check-offline';

/**
 * The gate's own check, against a real ES256 key and tokens signed with jose as the server signs
 * them (document-keys.ts): what passes is exactly a token of the published key, unchanged,
 * unexpired, of a known kind.
 */

const NOW = Date.parse('2026-12-02T10:00:00Z');
const seconds = (ms: number) => Math.floor(ms / 1000);
const card = adaAdmitCard(seconds(NOW), [{ coursenumber: 211070501, title: 'Signals', examDate: '2026-12-03' }]);
const marksheet = { typ: 'marksheet', sub: '211070001', name: 'Ada Lovelace', semester: 4, sha256: 'ab'.repeat(32), iat: seconds(NOW) };

let keys: PublicKey[];
let sign: (claims: JWTPayload, header?: { alg?: string; kid?: string }) => Promise<string>;
const KID = 'key-1';

beforeAll(async () => {
  const signer = await documentSigner(KID);
  sign = signer.sign;
  keys = [signer.publicJwk as PublicKey];
});

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('checkOffline', () => {
  it('an admit card signed by a published key is genuine, with its claims', async () => {
    expect(await checkOffline(await sign(card), keys, NOW)).toEqual({ valid: true, claims: card });
  });

  it('a marksheet too (whether it was replaced is for the portal to say)', async () => {
    expect(await checkOffline(await sign(marksheet), keys, NOW)).toEqual({ valid: true, claims: marksheet });
  });

  it('an admit card past its exp is expired, and still says whose it was', async () => {
    const token = await sign({ ...card, exp: seconds(NOW) });
    expect(await checkOffline(token, keys, NOW)).toEqual({ valid: false, reason: 'expired', claims: { ...card, exp: seconds(NOW) } });
  });

  it('one flipped byte anywhere is not genuine', async () => {
    const token = await sign(card);
    const [head, body, signature] = token.split('.') as [string, string, string];
    const flip = (part: string, at: number) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[at] = bytes[at]! ^ 0x01;
      return bytes.toString('base64url');
    };
    for (const forged of [`${head}.${flip(body, 20)}.${signature}`, `${head}.${body}.${flip(signature, 10)}`, `${flip(head, 3)}.${body}.${signature}`]) {
      expect(await checkOffline(forged, keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
    }
  });

  it('an edited payload (another name) re-encoded is not genuine', async () => {
    const [head, , signature] = (await sign(card)).split('.');
    expect(await checkOffline(`${head}.${b64(JSON.stringify({ ...card, name: 'Mallory' }))}.${signature}`, keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
  });

  it('alg none, an HMAC, an unknown kid and no kid are refused', async () => {
    const body = b64(JSON.stringify(card));
    const none = `${b64(JSON.stringify({ alg: 'none', kid: KID }))}.${body}.`;
    expect(await checkOffline(none, keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
    const noneWithSig = `${b64(JSON.stringify({ alg: 'none', kid: KID }))}.${body}.${(await sign(card)).split('.')[2]}`;
    expect(await checkOffline(noneWithSig, keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
    const hmac = await new SignJWT(card).setProtectedHeader({ alg: 'HS256', kid: KID }).sign({ kty: 'oct', k: b64(keys[0]!.x) });
    expect(await checkOffline(hmac, keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
    expect(await checkOffline(await sign(card, { kid: 'someone-else' }), keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
    const [, b, s] = (await sign(card)).split('.');
    expect(await checkOffline(`${b64(JSON.stringify({ alg: 'ES256' }))}.${b}.${s}`, keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
  });

  it('a token signed by another key under the published kid is not genuine', async () => {
    const other = await generateKeyPair('ES256');
    const token = await new SignJWT(card).setProtectedHeader({ alg: 'ES256', kid: KID }).sign(other.privateKey);
    expect(await checkOffline(token, keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
  });

  it('claims of no known kind, signed or not, are not genuine', async () => {
    expect(await checkOffline(await sign({ typ: 'diploma', sub: '1', name: 'A', semester: 1, iat: 1 }), keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
    expect(await checkOffline(await sign({ ...marksheet, sha256: 'not hex' }), keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
    expect(await checkOffline(await sign({ ...card, courses: [{ title: 1 }] }), keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
  });

  it('anything malformed is not genuine, never a crash', async () => {
    for (const junk of ['', 'a', 'a.b', 'a.b.c', '...', '!!.??.##', `${b64('not json')}.${b64('{}')}.AAAA`, 'x'.repeat(9000), `${b64('{"alg":"ES256","kid":"key-1"}')}.${b64('[]')}.${'A'.repeat(86)}`]) {
      expect(await checkOffline(junk, keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
    }
    expect(await checkOffline(await sign(card), [], NOW)).toEqual({ valid: false, reason: 'invalid' });
    expect(await checkOffline(await sign(card), [{ ...keys[0]!, x: 'broken' }], NOW)).toEqual({ valid: false, reason: 'invalid' });
  });
});

describe("checkOffline of an admit card's printed code", () => {
  const facts = { sub: card.sub, name: card.name, semester: card.semester, branch: card.branch, iat: card.iat, exp: card.exp, papers: [{ coursenumber: 211070501, examDate: '2026-12-03' }] };
  let code: string;
  let codeKeys: PublicKey[];
  beforeAll(async () => {
    const signer = await codeSigner();
    code = await signer.sign(facts);
    codeKeys = [...keys, signer.publicJwk as PublicKey];
  });

  it('is genuine against the published key, with the claims of the card it stands for (no titles)', async () => {
    expect(code).toMatch(/^\d+$/);
    expect(await checkOffline(code, codeKeys, NOW)).toEqual({ valid: true, claims: { ...card, courses: [{ coursenumber: 211070501, title: '', examDate: '2026-12-03' }] } });
    expect(await checkOffline(`https://portal.example.edu/verify#${code}`.slice(-code.length), codeKeys, NOW)).toMatchObject({ valid: true });
  });

  it('is expired from its exp on', async () => {
    expect(await checkOffline(code, codeKeys, (card.exp + 1) * 1000)).toMatchObject({ valid: false, reason: 'expired' });
  });

  it('is not genuine with a digit changed, cut short, or without its key in the set', async () => {
    const at = code.length - 30;
    const changed = `${code.slice(0, at)}${code[at] === '1' ? '2' : '1'}${code.slice(at + 1)}`;
    expect(await checkOffline(changed, codeKeys, NOW)).toEqual({ valid: false, reason: 'invalid' });
    expect(await checkOffline(code.slice(0, -17), codeKeys, NOW)).toEqual({ valid: false, reason: 'invalid' });
    expect(await checkOffline(code, keys, NOW)).toEqual({ valid: false, reason: 'invalid' });
  });
});

describe('tokenIn', () => {
  it("takes the token from a QR code's link, a ?token= link or the bare token, without the spaces a paste brings", () => {
    expect(tokenIn('https://portal.example.edu/verify#aa.bb.cc')).toBe('aa.bb.cc');
    expect(tokenIn('https://portal.example.edu/verify?token=aa.bb.cc&x=1')).toBe('aa.bb.cc');
    expect(tokenIn('  aa.bb\n.cc \n')).toBe('aa.bb.cc');
  });
});
