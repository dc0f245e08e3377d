/**
 * An admit card's printed code: the card's facts signed compactly enough for a QR code read off
 * paper at 100 dpi (docs/decisions/0032-exam-day-that-holds.md). No imports (zod stays out of the
 * pages that read it): the server writes and reads it, /verify reads it offline.
 *
 * It is a compact JWS in other clothes. The signed payload is a JSON array,
 * `["a", sub, name, semester, branch, iat, exp, coursenumber, day, coursenumber, day, …]` (a day
 * counted from 1970-01-01), under the header `{"alg":"ES256","kid":…}`; the code carries the
 * first 8 bytes of the kid (a SHA-256 thumbprint: the published set's kids never share them), the
 * 64-byte signature and the payload's bytes, written as decimal digits (the
 * QR code's numeric mode spends 3⅓ bits a digit: 8.03 bits a byte, where base64url in byte mode
 * spends 10.7). Whoever reads it rebuilds the JWS and checks it as any other: same keys, same
 * algorithm. The titles of the papers stay on the full token: eight long titles are more than a
 * QR code read at 100 dpi can hold, and the course number names the paper.
 */

export const CODE_KIND = 'a';
/** Seven bytes are 56 bits, which 17 digits hold (10^17 > 2^56): a tail of k bytes takes DIGITS[k]. */
const GROUP = 7;
const DIGITS = [0, 3, 5, 8, 10, 13, 15, 17] as const;
/** How much of the kid the code carries: enough to pick it out of the published set. */
const KID_BYTES = 8;
const SIGNATURE_BYTES = 64;
const DAY_MS = 86_400_000;

/** The facts an admit card's code signs (titles aside), in the contract's words. */
export interface CodeFacts {
  sub: string;
  name: string;
  semester: number;
  branch: string;
  iat: number;
  exp: number;
  papers: { coursenumber: number; examDate: string }[];
}

/** A code taken apart: the JWS it stands for, and what it says. */
export interface OpenedCode {
  kid: string;
  /** The compact JWS (`header.payload.signature`) the code carries, to check with the published keys. */
  jws: string;
  facts: CodeFacts;
}

/** Only digits, a whole number of groups and a tail DIGITS allows. */
export const looksLikeCode = (text: string): boolean => /^\d+$/.test(text) && (DIGITS as readonly number[]).includes(text.length % 17) && text.length >= 17 * 10;

export const dayNumber = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The payload the code signs, as its bytes are signed (compact JSON). */
export function codePayload(facts: CodeFacts): string {
  const papers = facts.papers.flatMap((p) => [p.coursenumber, dayNumber(p.examDate)]);
  return JSON.stringify([CODE_KIND, facts.sub, facts.name, facts.semester, facts.branch, facts.iat, facts.exp, ...papers]);
}

/** The protected header a code's JWS carries: nothing else, so that it is rebuilt from the kid alone. */
export const codeHeader = (kid: string) => JSON.stringify({ alg: 'ES256', kid });

/** The code of a JWS signed over `codePayload` under `codeHeader`. */
export function codeOf(jws: string): string {
  const [head, payload, signature] = jws.split('.') as [string, string, string];
  const { kid } = JSON.parse(utf8(fromBase64url(head))) as { kid: string };
  if (fromBase64url(kid).length < KID_BYTES) throw new Error('a printed code needs a kid of at least 8 bytes (a key thumbprint)');
  return toDigits(concat(fromBase64url(kid).subarray(0, KID_BYTES), fromBase64url(signature), fromBase64url(payload)));
}

/**
 * The JWS and facts a code carries, its kid found among `kids` (the published set's), or null
 * when it is not one, or names no key of the set (nothing here throws).
 */
export function openCode(code: string, kids: readonly string[]): OpenedCode | null {
  try {
    if (!looksLikeCode(code)) return null;
    const bytes = fromDigits(code);
    if (!bytes || bytes.length <= KID_BYTES + SIGNATURE_BYTES) return null;
    const start = toBase64url(bytes.subarray(0, KID_BYTES));
    const kid = kids.find((k) => kidStart(k) === start);
    if (!kid) return null;
    const signature = bytes.subarray(KID_BYTES, KID_BYTES + SIGNATURE_BYTES);
    const payload = bytes.subarray(KID_BYTES + SIGNATURE_BYTES);
    const facts = factsOf(JSON.parse(utf8(payload)));
    if (!facts) return null;
    const jws = `${toBase64url(new TextEncoder().encode(codeHeader(kid)))}.${toBase64url(payload)}.${toBase64url(signature)}`;
    return { kid, jws, facts };
  } catch {
    return null;
  }
}

/** The part of a kid a code carries (none of a kid that is not base64url: a set may hold other keys). */
function kidStart(kid: string): string {
  try {
    return toBase64url(fromBase64url(kid).subarray(0, KID_BYTES));
  } catch {
    return '';
  }
}

const isInt = (v: unknown): v is number => Number.isInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string';

function factsOf(payload: unknown): CodeFacts | null {
  if (!Array.isArray(payload) || payload[0] !== CODE_KIND || payload.length < 9 || (payload.length - 7) % 2 !== 0) return null;
  const [, sub, name, semester, branch, iat, exp, ...rest] = payload as unknown[];
  if (!isText(sub) || !isText(name) || !isInt(semester) || !isText(branch) || !isInt(iat) || !isInt(exp) || !rest.every(isInt)) return null;
  const papers = [];
  for (let i = 0; i < rest.length; i += 2) papers.push({ coursenumber: rest[i] as number, examDate: isoDay(rest[i + 1] as number) });
  return { sub, name, semester, branch, iat, exp, papers };
}

function toDigits(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += GROUP) {
    const group = bytes.subarray(i, i + GROUP);
    let n = 0n;
    for (const b of group) n = (n << 8n) | BigInt(b);
    out += n.toString().padStart(DIGITS[group.length]!, '0');
  }
  return out;
}

function fromDigits(text: string): Uint8Array | null {
  const out: number[] = [];
  for (let i = 0; i < text.length; ) {
    const left = text.length - i;
    const size = left >= 17 ? GROUP : DIGITS.indexOf(left as (typeof DIGITS)[number]);
    if (size <= 0) return null;
    let n = BigInt(text.slice(i, i + DIGITS[size]!));
    if (n >> BigInt(8 * size) !== 0n) return null;
    const group = new Array<number>(size);
    for (let j = size - 1; j >= 0; j--) {
      group[j] = Number(n & 0xffn);
      n >>= 8n;
    }
    out.push(...group);
    i += DIGITS[size]!;
  }
  return Uint8Array.from(out);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

function fromBase64url(part: string): Uint8Array {
  const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (part.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
