import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_SCOPES, type UnsubscribeScope } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';

/**
 * An unsubscribe link's token: `<user id>.<scope>.<HMAC-SHA256 of "<user id>.<scope>", hex>`,
 * keyed with MAIL_SECRET. It works without logging in, so only the server can make one; it turns
 * emails off and nothing else, so it never expires.
 *
 * A fan-out writes thousands of emails in one INSERT … SELECT, each with its recipient's token:
 * PostgreSQL computes the same HMAC there with its built-in sha256() (no extension), from the
 * key's inner and outer pads (RFC 2104), which are computed here once.
 */
export interface SigningKey {
  key: Buffer;
  /** (key ⊕ ipad) and (key ⊕ opad), hex, for the SQL form. */
  innerHex: string;
  outerHex: string;
}

const BLOCK = 64;

export function signingKey(secret: string): SigningKey {
  const raw = Buffer.from(secret, 'utf8');
  // RFC 2104: a key longer than the block is hashed first (createHmac does the same).
  const key = raw.length > BLOCK ? createHash('sha256').update(raw).digest() : raw;
  const block = Buffer.alloc(BLOCK);
  key.copy(block);
  const pad = (byte: number) => Buffer.from(block.map((b) => b ^ byte)).toString('hex');
  return { key, innerHex: pad(0x36), outerHex: pad(0x5c) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC = /^[0-9a-f]{64}$/;

const mac = (key: SigningKey, message: string) => createHmac('sha256', key.key).update(message, 'utf8').digest();

export function signUnsubscribe(key: SigningKey, userId: string, scope: UnsubscribeScope): string {
  return `${userId}.${scope}.${mac(key, `${userId}.${scope}`).toString('hex')}`;
}

/** The user and scope a token names, when the server signed it; undefined for anything else. */
export function verifyUnsubscribe(key: SigningKey | undefined, token: string): { userId: string; scope: UnsubscribeScope } | undefined {
  if (!key) return undefined;
  const [userId = '', scope = '', given = '', ...rest] = token.split('.');
  if (rest.length > 0 || !UUID.test(userId) || !MAC.test(given)) return undefined;
  if (!(UNSUBSCRIBE_SCOPES as readonly string[]).includes(scope)) return undefined;
  const expected = mac(key, `${userId}.${scope}`);
  return timingSafeEqual(expected, Buffer.from(given, 'hex')) ? { userId, scope: scope as UnsubscribeScope } : undefined;
}

/** The token of `signUnsubscribe`, as a SQL expression over a user id (a uuid column or value). */
export function unsubscribeTokenSql(key: SigningKey, userId: SQL, scope: UnsubscribeScope): SQL {
  const message = sql`${userId}::text || ${`.${scope}`}`;
  const inner = sql`sha256(decode(${key.innerHex}, 'hex') || convert_to(${message}, 'UTF8'))`;
  return sql`(${message} || '.' || encode(sha256(decode(${key.outerHex}, 'hex') || ${inner}), 'hex'))`;
}
