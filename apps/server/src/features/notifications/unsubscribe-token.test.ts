import { randomUUID } from 'node:crypto';
import { UNSUBSCRIBE_SCOPES } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { signingKey, signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

const userId = '0b6a4c1e-3f2d-4e8a-9b7c-5d1e2f3a4b5c';

describe('unsubscribe tokens', () => {
  it('are short: base64url, 39 characters, whatever the scope', () => {
    const key = signingKey('k'.repeat(32));
    for (const scope of UNSUBSCRIBE_SCOPES) {
      const token = signUnsubscribe(key, userId, scope);
      expect(token).toMatch(/^[A-Za-z0-9_-]{39}$/);
      expect(verifyUnsubscribe(key, token)).toEqual({ userId, scope });
    }
  });

  it('tell the scopes apart: each has a code of its own', () => {
    const key = signingKey('k'.repeat(32));
    const tokens = UNSUBSCRIBE_SCOPES.map((scope) => signUnsubscribe(key, userId, scope));
    expect(new Set(tokens).size).toBe(UNSUBSCRIBE_SCOPES.length);
  });

  // HMAC-SHA256 as RFC 2104 has it (computed elsewhere): the links of emails sent before tokens
  // were short keep working. A key longer than SHA-256's block is hashed first.
  it.each([
    ['k'.repeat(32), 'bfe77c40173839441c783bd49ab238a7fc7d8fa0d85be172da3579307189b501'],
    ['x'.repeat(200), '47feb75c9895c2e05346223dbf9f701e201a627da72157d3f06d76ae5128d338'],
  ])('still verify in the long form already sent, "<user>.<scope>.<HMAC-SHA256 hex>" (secret of %#)', (secret, mac) => {
    expect(verifyUnsubscribe(signingKey(secret), `${userId}.notes.${mac}`)).toEqual({ userId, scope: 'notes' });
    expect(verifyUnsubscribe(signingKey(secret), `${userId}.courses.${mac}`)).toBeUndefined();
  });

  it('name nothing without the server\'s key, or when altered or cut', () => {
    const key = signingKey('k'.repeat(32));
    const id = randomUUID();
    const token = signUnsubscribe(key, id, 'digest');
    expect(verifyUnsubscribe(key, token)).toEqual({ userId: id, scope: 'digest' });
    expect(verifyUnsubscribe(undefined, token)).toBeUndefined();
    expect(verifyUnsubscribe(signingKey('j'.repeat(32)), token)).toBeUndefined();
    // Every single character changed, one at a time.
    for (let i = 0; i < token.length; i++) {
      const altered = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      expect(verifyUnsubscribe(key, altered), `character ${i}`).toBeUndefined();
    }
    expect(verifyUnsubscribe(key, token.slice(0, 30))).toBeUndefined();
    expect(verifyUnsubscribe(key, `${token}A`)).toBeUndefined();
    expect(verifyUnsubscribe(key, `${token}.x`)).toBeUndefined();
    expect(verifyUnsubscribe(key, '')).toBeUndefined();
    expect(verifyUnsubscribe(key, '!'.repeat(39))).toBeUndefined();
  });

  it('a short token with another scope\'s code is refused, though the user and the MAC are real', () => {
    const key = signingKey('k'.repeat(32));
    const bytes = Buffer.from(signUnsubscribe(key, userId, 'notes'), 'base64url');
    bytes[16] = 'd'.charCodeAt(0);
    expect(verifyUnsubscribe(key, bytes.toString('base64url'))).toBeUndefined();
    bytes[16] = 'z'.charCodeAt(0);
    expect(verifyUnsubscribe(key, bytes.toString('base64url'))).toBeUndefined();
  });
});
