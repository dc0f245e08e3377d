import { SignJWT, calculateJwkThumbprint, createLocalJWKSet, errors, exportJWK, generateKeyPair, importJWK, jwtVerify, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { asc, sql } from 'drizzle-orm';
import { documentKeys } from '../../db/schema';
import type { Db } from '../../platform/db/database';

/** ES256: short signatures (64 bytes), so a token fits a small QR code, and every JOSE library checks it. */
const ALG = 'ES256';
/** Serialises the first start of several instances: one key is made, not one each. */
const KEY_LOCK = 0x646f6373; // "docs"

/** Why a token did not verify, as far as the signature goes. */
export type SignatureVerdict = { ok: true; payload: JWTPayload } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * The keys the portal signs documents with: made at the first start (an ES256 pair, its `kid` the
 * public key's RFC 7638 thumbprint) and kept in the database, so every instance signs with the
 * same one and a verifier anywhere checks against the published set. Only ES256 is accepted back:
 * `alg: none`, an HMAC under a public key's bytes, an unknown `kid` all fail.
 */
export class DocumentKeys {
  private readonly keySet;

  private constructor(
    private readonly kid: string,
    private readonly privateKey: CryptoKey,
    private readonly published: JWK[],
  ) {
    this.keySet = createLocalJWKSet({ keys: published });
  }

  static async open(db: Db): Promise<DocumentKeys> {
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
      const existing = await tx.select().from(documentKeys).orderBy(asc(documentKeys.createdAt));
      if (existing.some((k) => k.retiredAt === null)) return existing;
      const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
      const publicJwk = await exportJWK(publicKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      await tx.insert(documentKeys).values({ kid, privateJwk: { ...(await exportJWK(privateKey)) }, publicJwk: { ...publicJwk } });
      return tx.select().from(documentKeys).orderBy(asc(documentKeys.createdAt));
    });
    const signing = rows.filter((k) => k.retiredAt === null).at(-1)!;
    const privateKey = (await importJWK(signing.privateJwk as JWK, ALG)) as CryptoKey;
    const published = rows.map((k) => ({ ...(k.publicJwk as JWK), kid: k.kid, alg: ALG, use: 'sig' }));
    return new DocumentKeys(signing.kid, privateKey, published);
  }

  /** The JSON Web Key Set verifiers fetch (`/documents/keys`). */
  jwks(): { keys: JWK[] } {
    return { keys: this.published };
  }

  /** A compact JWS over `claims` (which carry their own iat, and exp when they expire). */
  sign(claims: JWTPayload): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: ALG, kid: this.kid, typ: 'JWT' }).sign(this.privateKey);
  }

  /** The claims of a token signed by one of the published keys, unexpired; or why not. */
  async verify(token: string, now: Date): Promise<SignatureVerdict> {
    try {
      const { payload } = await jwtVerify(token, this.keySet, { algorithms: [ALG], currentDate: now });
      return { ok: true, payload };
    } catch (err) {
      if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}

