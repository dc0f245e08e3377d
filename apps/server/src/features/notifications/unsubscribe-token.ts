import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { UNSUBSCRIBE_SCOPES, type UnsubscribeScope } from '@campus/contract';

/**
 * An unsubscribe link's token, keyed with MAIL_SECRET. It works without logging in, so only the
 * server can make one; it turns emails off and nothing else, so it never expires. It is signed
 * here only, when the mail worker renders an email: the key never reaches the database, nor a
 * statement a log could keep.
 *
 * Tokens are short, because mail programs cut or wrap long links: base64url of the user id's 16
 * bytes, the scope's one-byte code and the first 12 bytes of an HMAC-SHA256 over both (39
 * characters; 96 bits of MAC is beyond guessing by requests). Links sent before (`<user id>.<scope>.
 * <HMAC-SHA256 hex>`, 110 characters) keep working: they verify as they always did.
 */
export type SigningKey = KeyObject;

export function signingKey(secret: string): SigningKey {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/**
 * Each scope's code in a short token, fixed for good: links already sent carry them. A new
 * notification kind gets a letter of its own here (the compiler asks for one).
 */
const SCOPE_CODES: Record<UnsubscribeScope, string> = { courses: 'c', notes: 'n', marksheets: 'm', exams: 'e', coursework: 'w', digest: 'd' };

const SCOPE_OF_CODE = new Map(Object.entries(SCOPE_CODES).map(([scope, code]) => [code.charCodeAt(0), scope as UnsubscribeScope]));
if (SCOPE_OF_CODE.size !== UNSUBSCRIBE_SCOPES.length || Object.values(SCOPE_CODES).some((c) => !/^[a-z]$/.test(c))) {
  throw new Error('each unsubscribe scope needs a code of its own, one lowercase letter');
}

const ID_BYTES = 16;
const MAC_BYTES = 12;
const SHORT_BYTES = ID_BYTES + 1 + MAC_BYTES;
/** 29 bytes in base64url, unpadded. */
const SHORT = /^[A-Za-z0-9_-]{39}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LONG_MAC = /^[0-9a-f]{64}$/;

const mac = (key: SigningKey, message: string | Buffer) => createHmac('sha256', key).update(message).digest();

// The short form's MAC covers a message the long form's never is (its scope is a word, and it has
// no prefix): the two kinds of token cannot stand for each other.
const shortMac = (key: SigningKey, body: Buffer) => mac(key, Buffer.concat([Buffer.from('unsubscribe:'), body])).subarray(0, MAC_BYTES);

const uuidBytes = (userId: string) => Buffer.from(userId.replaceAll('-', ''), 'hex');
const uuidText = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The token of `userId`'s link for `scope` (user ids are UUIDs). */
export function signUnsubscribe(key: SigningKey, userId: string, scope: UnsubscribeScope): string {
  if (!UUID.test(userId)) throw new Error('an unsubscribe link names a user by their UUID');
  const body = Buffer.concat([uuidBytes(userId), Buffer.from([SCOPE_CODES[scope].charCodeAt(0)])]);
  return Buffer.concat([body, shortMac(key, body)]).toString('base64url');
}

/** The user and scope a token names, when the server signed it (either form); undefined for anything else. */
export function verifyUnsubscribe(key: SigningKey | undefined, token: string): { userId: string; scope: UnsubscribeScope } | undefined {
  if (!key) return undefined;
  return token.includes('.') ? verifyLong(key, token) : verifyShort(key, token);
}

function verifyShort(key: SigningKey, token: string): { userId: string; scope: UnsubscribeScope } | undefined {
  if (!SHORT.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  // One spelling per token: the last character's spare bits must be zero.
  if (bytes.length !== SHORT_BYTES || bytes.toString('base64url') !== token) return undefined;
  const body = bytes.subarray(0, ID_BYTES + 1);
  const scope = SCOPE_OF_CODE.get(bytes[ID_BYTES]!);
  if (!scope || !timingSafeEqual(shortMac(key, body), bytes.subarray(ID_BYTES + 1))) return undefined;
  return { userId: uuidText(bytes.subarray(0, ID_BYTES)), scope };
}

/** The links of emails sent before tokens were short: `<user id>.<scope>.<HMAC-SHA256 hex of "<user id>.<scope>">`. */
function verifyLong(key: SigningKey, token: string): { userId: string; scope: UnsubscribeScope } | undefined {
  const [userId = '', scope = '', given = '', ...rest] = token.split('.');
  if (rest.length > 0 || !UUID.test(userId) || !LONG_MAC.test(given)) return undefined;
  if (!(UNSUBSCRIBE_SCOPES as readonly string[]).includes(scope)) return undefined;
  const expected = mac(key, `${userId}.${scope}`);
  return timingSafeEqual(expected, Buffer.from(given, 'hex')) ? { userId, scope: scope as UnsubscribeScope } : undefined;
}
