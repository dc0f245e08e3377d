import { looksLikeCode, openCode } from '@campus/contract/document-code';
import type { SubmissionClaims } from '@campus/contract/coursework';
import type { AdmitCardClaims, DocumentClaims, MarksheetClaims } from '@campus/contract/documents';

/**
 * A document token checked on this device, with no network: the ES256 signature against the
 * portal's published keys (kept from the last visit, keys.ts), then the expiry. What a gate does
 * when the network is down; the portal's own check (POST /documents/verify) also knows whether a
 * marksheet was replaced since, which no signature can say.
 *
 * Only what the portal signs passes: alg ES256 and a kid of the set (`alg: none`, an HMAC, a key
 * the token brings itself are all refused), a 64-byte r||s signature, claims of a known kind.
 * Anything malformed is "not genuine"; nothing here throws.
 */

/** A public key as `/documents/keys` lists it (JWK, EC P-256). */
export interface PublicKey {
  kty: string;
  kid: string;
  alg?: string;
  crv: string;
  x: string;
  y: string;
}

export type OfflineVerdict = { valid: true; claims: DocumentClaims } | { valid: false; reason: 'expired'; claims: DocumentClaims } | { valid: false; reason: 'invalid' };

const INVALID = { valid: false, reason: 'invalid' } as const;
/** The server takes tokens up to 8 KB (TOKEN_MAX in the contract, which this page does not load: zod). */
export const TOKEN_MAX = 8 * 1024;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Whether `text` has the shape of a compact JWS the portal could have signed, or of an admit
 * card's printed code (digits: @campus/contract/document-code); the rest is not genuine without
 * asking anyone.
 */
export const looksLikeToken = (text: string) => text.length <= TOKEN_MAX && (COMPACT_JWS.test(text) || looksLikeCode(text));

function base64url(part: string): Uint8Array<ArrayBuffer> {
  const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (part.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
const json = (part: string): unknown => JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64url(part)));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string';

/** The claims if they are an admit card's, a marksheet's or a submission receipt's as the contract has them (documents.ts), else null. */
export function documentClaims(payload: unknown): DocumentClaims | null {
  if (!isObject(payload) || !isText(payload.sub) || !isText(payload.name) || !isInt(payload.iat)) return null;
  if (payload.typ === 'submission') return submissionClaims(payload);
  if (!isInt(payload.semester)) return null;
  if (payload.typ === 'admitcard') {
    const papers = payload.courses;
    if (!isText(payload.branch) || !isInt(payload.exp) || !Array.isArray(papers)) return null;
    if (!papers.every((p) => isObject(p) && isInt(p.coursenumber) && isText(p.title) && isText(p.examDate))) return null;
    return payload as unknown as AdmitCardClaims;
  }
  if (payload.typ === 'marksheet') {
    if (!isText(payload.sha256) || !/^[0-9a-f]{64}$/.test(payload.sha256)) return null;
    return payload as unknown as MarksheetClaims;
  }
  return null;
}

/** A coursework submission's receipt: its assignment, attempt, files' digests and times. */
function submissionClaims(payload: Record<string, unknown>): SubmissionClaims | null {
  const { assignment, files } = payload;
  if (!isInt(payload.course) || !isInt(payload.attempt) || !isInt(payload.lateMinutes) || !isText(payload.submittedAt) || !isText(payload.dueAt)) return null;
  if (!isObject(assignment) || !isText(assignment._id) || !isText(assignment.title)) return null;
  if (payload.text !== null && !isText(payload.text)) return null;
  if (!Array.isArray(files) || !files.every((f) => isObject(f) && isText(f.name) && isText(f.sha256) && isInt(f.bytes))) return null;
  return payload as unknown as SubmissionClaims;
}

/** Whether `jws` is signed by one of `keys` (ES256, a kid of the set, a 64-byte r||s); its payload's part if so. */
async function signedPart(jws: string, keys: readonly PublicKey[]): Promise<string | null> {
  const [head, body, signature] = jws.split('.') as [string, string, string];
  const header = json(head);
  if (!isObject(header) || header.alg !== 'ES256' || !isText(header.kid)) return null;
  const jwk = keys.find((k) => k.kid === header.kid);
  if (!jwk || jwk.kty !== 'EC' || jwk.crv !== 'P-256' || (jwk.alg !== undefined && jwk.alg !== 'ES256')) return null;
  // A JWS's ES256 signature is already WebCrypto's form: r and s, 32 bytes each.
  const raw = base64url(signature);
  if (raw.length !== 64) return null;
  const key = await crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const signed = new TextEncoder().encode(`${head}.${body}`);
  return (await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw, signed)) ? body : null;
}

/**
 * An admit card's printed code: its JWS checked as any token, then the facts it carries as the
 * contract's claims, each paper's title empty (the code does not carry them).
 */
async function checkCode(code: string, keys: readonly PublicKey[], now: number): Promise<OfflineVerdict> {
  const opened = openCode(code, keys.map((k) => k.kid));
  if (!opened || (await signedPart(opened.jws, keys)) === null) return INVALID;
  const { facts } = opened;
  const claims: AdmitCardClaims = {
    typ: 'admitcard',
    sub: facts.sub,
    name: facts.name,
    semester: facts.semester,
    branch: facts.branch as AdmitCardClaims['branch'],
    courses: facts.papers.map((p) => ({ coursenumber: p.coursenumber, title: '', examDate: p.examDate })),
    iat: facts.iat,
    exp: facts.exp,
  };
  if (claims.exp <= Math.floor(now / 1000)) return { valid: false, reason: 'expired', claims };
  return { valid: true, claims };
}

/** Checks `token` (or an admit card's printed code) against `keys` at `now` (ms); see the module's comment for what passes. */
export async function checkOffline(token: string, keys: readonly PublicKey[], now = Date.now()): Promise<OfflineVerdict> {
  try {
    if (looksLikeCode(token)) return await checkCode(token, keys, now);
    if (!looksLikeToken(token)) return INVALID;
    const body = await signedPart(token, keys);
    if (body === null) return INVALID;
    const claims = documentClaims(json(body));
    if (!claims) return INVALID;
    // As jose has it: a token is expired from its `exp` second on.
    if (claims.typ === 'admitcard' && claims.exp <= Math.floor(now / 1000)) return { valid: false, reason: 'expired', claims };
    return { valid: true, claims };
  } catch {
    return INVALID;
  }
}

/**
 * The token in what was pasted or scanned: a QR code's link (`…/verify#<token>`), a link with
 * `?token=`, or the token itself; spaces and line breaks a paste picks up go.
 */
export function tokenIn(text: string): string {
  const bare = text.replace(/\s+/g, '');
  const hash = bare.lastIndexOf('#');
  if (hash >= 0) return bare.slice(hash + 1);
  const query = /[?&]token=([^&]*)/.exec(bare);
  if (query) return decodeURIComponent(query[1]!);
  return bare;
}
