import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { UNSUBSCRIBE_SCOPES, type UnsubscribeScope } from '@campus/contract';

/**
 * An unsubscribe link's token: `<user id>.<scope>.<HMAC-SHA256 of "<user id>.<scope>", hex>`,
 * keyed with MAIL_SECRET. It works without logging in, so only the server can make one; it turns
 * emails off and nothing else, so it never expires. It is signed here only, when the mail worker
 * renders an email: the key never reaches the database, nor a statement a log could keep.
 */
export type SigningKey = KeyObject;

export function signingKey(secret: string): SigningKey {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC = /^[0-9a-f]{64}$/;

const mac = (key: SigningKey, message: string) => createHmac('sha256', key).update(message, 'utf8').digest();

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
