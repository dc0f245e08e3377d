import { CompactSign, SignJWT, calculateJwkThumbprint, compactVerify, createLocalJWKSet, errors, exportJWK, generateKeyPair, importJWK, jwtVerify, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { and, asc, isNull, lt, sql } from 'drizzle-orm';
import { documentKeys, type DocumentKeyRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';

/** ES256: short signatures (64 bytes), so a token fits a small QR code, and every JOSE library checks it. */
const ALG = 'ES256';
/** Serialises making keys across instances: one key is made, not one each. */
const KEY_LOCK = 0x646f6373; // "docs"
const DAY_MS = 86_400_000;
/**
 * A new key is published this long before it signs: a gate that keeps the key set offline, and
 * a verifier caching it, learn it while the old key still signs, so the first document under the
 * new key already checks. (A revoked key's successor cannot wait: it signs at once.)
 */
export const PUBLISH_AHEAD_DAYS = 7;
/** How often an instance reads the key set again, to meet keys another instance made. */
const RELOAD_MS = 60_000;

/** When keys turn over (DOCUMENT_KEY_DAYS, DOCUMENT_KEYS_REVOKED) and the clock they turn by. */
export interface KeyPolicy {
  keyDays: number;
  revoked: readonly string[];
  now: () => Date;
}

/** Why a token did not verify, as far as the signature goes. */
export type SignatureVerdict = { ok: true; payload: JWTPayload } | { ok: false; reason: 'expired' | 'invalid' };

interface KeyState {
  kid: string;
  privateKey: CryptoKey;
  published: JWK[];
  keySet: ReturnType<typeof createLocalJWKSet>;
  loadedAt: number;
}

/**
 * The keys after the newest revoked one (all, when none is): a revoked key's elders must not sign
 * again, so only a key made after it may. The newest of them that has been published for
 * PUBLISH_AHEAD_DAYS signs; when none has (the first start, just after a revocation), the oldest
 * of them does at once.
 */
export function signerOf(rows: readonly DocumentKeyRow[], revoked: ReadonlySet<string>, now: Date): DocumentKeyRow | undefined {
  const lastRevoked = rows.findLastIndex((k) => revoked.has(k.kid));
  const successors = rows.slice(lastRevoked + 1);
  const aheadOf = now.getTime() - PUBLISH_AHEAD_DAYS * DAY_MS;
  return successors.findLast((k) => k.createdAt.getTime() <= aheadOf) ?? successors[0];
}

/**
 * Whether the next key is due: none may sign (the first start, a revocation), or the newest key
 * is DOCUMENT_KEY_DAYS old, so that it is published a week before the current one's term ends.
 */
function nextKeyDue(rows: readonly DocumentKeyRow[], revoked: ReadonlySet<string>, keyDays: number, now: Date): boolean {
  const lastRevoked = rows.findLastIndex((k) => revoked.has(k.kid));
  const newest = rows.at(-1);
  if (!newest || lastRevoked === rows.length - 1) return true;
  return now.getTime() - newest.createdAt.getTime() >= keyDays * DAY_MS;
}

async function newKeyRow(): Promise<typeof documentKeys.$inferInsert> {
  const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  return { kid: await calculateJwkThumbprint(publicJwk), privateJwk: { ...(await exportJWK(privateKey)) }, publicJwk: { ...publicJwk } };
}

/**
 * The keys the portal signs documents with: ES256 pairs (a `kid` is the public key's RFC 7638
 * thumbprint) kept in the database, so every instance signs with the same one and a verifier
 * anywhere checks against the published set. Keys turn over on their own: each signs for
 * DOCUMENT_KEY_DAYS, its successor published a week before; old keys stay published, since a
 * printed marksheet's token does not expire. DOCUMENT_KEYS_REVOKED takes a leaked key out at once.
 * Only ES256 is accepted back: `alg: none`, an HMAC under a public key's bytes, an unknown or
 * revoked `kid` all fail.
 */
export class DocumentKeys {
  private reloading: Promise<KeyState> | undefined;

  private constructor(
    private readonly db: Db,
    private readonly policy: KeyPolicy,
    private state: KeyState,
  ) {}

  static async open(db: Db, policy: KeyPolicy): Promise<DocumentKeys> {
    return new DocumentKeys(db, policy, await loadKeys(db, policy));
  }

  /** The key set as it is now, read again once a minute (one read shared by the requests that meet it). */
  private async current(): Promise<KeyState> {
    if (Date.now() - this.state.loadedAt < RELOAD_MS) return this.state;
    this.reloading ??= loadKeys(this.db, this.policy).finally(() => (this.reloading = undefined));
    this.state = await this.reloading;
    return this.state;
  }

  /** Reads the key set now (tests that move the clock; an operator's change without waiting a minute). */
  async reload(): Promise<void> {
    this.state = await loadKeys(this.db, this.policy);
  }

  /** The JSON Web Key Set verifiers fetch (`/documents/keys`). */
  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: (await this.current()).published };
  }

  /** A compact JWS over `claims` (which carry their own iat, and exp when they expire). */
  async sign(claims: JWTPayload): Promise<string> {
    const { kid, privateKey } = await this.current();
    return new SignJWT(claims).setProtectedHeader({ alg: ALG, kid, typ: 'JWT' }).sign(privateKey);
  }

  /**
   * `sign` bound to the key that signs now, read first: for signing inside a transaction. There,
   * `sign` itself may re-read the keys (a transaction of its own, once a minute), which would wait
   * for the connection the caller's transaction holds: on the embedded database, forever.
   */
  async signerNow(): Promise<(claims: JWTPayload) => Promise<string>> {
    const { kid, privateKey } = await this.current();
    return (claims) => new SignJWT(claims).setProtectedHeader({ alg: ALG, kid, typ: 'JWT' }).sign(privateKey);
  }

  /**
   * A compact JWS over `payload` as it is (an admit card's printed code: document-code.ts), its
   * header the algorithm and the kid alone, so that a reader rebuilds it from the kid.
   */
  async signBytes(payload: string): Promise<string> {
    const { kid, privateKey } = await this.current();
    return new CompactSign(new TextEncoder().encode(payload)).setProtectedHeader({ alg: ALG, kid }).sign(privateKey);
  }

  /** The payload of a compact JWS signed by one of the published keys (what `signBytes` signed), or null. */
  async verifyBytes(jws: string): Promise<string | null> {
    const { keySet } = await this.current();
    try {
      const { payload } = await compactVerify(jws, keySet, { algorithms: [ALG] });
      return new TextDecoder('utf-8', { fatal: true }).decode(payload);
    } catch {
      return null;
    }
  }

  /** The claims of a token signed by one of the published keys, unexpired; or why not. */
  async verify(token: string, now: Date): Promise<SignatureVerdict> {
    const { keySet } = await this.current();
    try {
      const { payload } = await jwtVerify(token, keySet, { algorithms: [ALG], currentDate: now });
      return { ok: true, payload };
    } catch (err) {
      if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}

/**
 * Reads the keys, making the next one when it is due, under a lock so that instances starting or
 * turning over together make one; marks the keys that no longer sign as retired (when they stopped).
 */
async function loadKeys(db: Db, policy: KeyPolicy): Promise<KeyState> {
  const now = policy.now();
  const revoked = new Set(policy.revoked);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    const read = () => tx.select().from(documentKeys).orderBy(asc(documentKeys.createdAt), asc(documentKeys.kid));
    let keys = await read();
    if (nextKeyDue(keys, revoked, policy.keyDays, now)) {
      await tx.insert(documentKeys).values({ ...(await newKeyRow()), createdAt: now });
      keys = await read();
    }
    const signer = signerOf(keys, revoked, now)!;
    await tx
      .update(documentKeys)
      .set({ retiredAt: now })
      .where(and(isNull(documentKeys.retiredAt), lt(documentKeys.createdAt, signer.createdAt)));
    return keys;
  });
  const signer = signerOf(rows, revoked, now)!;
  const published = rows.filter((k) => !revoked.has(k.kid)).map((k) => ({ ...(k.publicJwk as JWK), kid: k.kid, alg: ALG, use: 'sig' }));
  return {
    kid: signer.kid,
    privateKey: (await importJWK(signer.privateJwk as JWK, ALG)) as CryptoKey,
    published,
    keySet: createLocalJWKSet({ keys: published }),
    loadedAt: Date.now(),
  };
}

/** What signs a document: the keys' `sign`, for a feature that issues one (a coursework receipt). */
export type DocumentSigner = Pick<DocumentKeys, 'sign' | 'signerNow'>;

/** The documents' keys as the app's settings choose them: every opener shares the rows, so every copy signs alike. */
export const openDocumentKeys = (db: Db, config: { documentKeyDays: number; documentKeysRevoked: readonly string[]; now: () => Date }): Promise<DocumentKeys> =>
  DocumentKeys.open(db, { keyDays: config.documentKeyDays, revoked: config.documentKeysRevoked, now: config.now });
