import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signingKey, signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  // HMAC-SHA256 as RFC 2104 has it (computed elsewhere): links already sent keep working. A key
  // longer than SHA-256's block is hashed first.
  it.each([
    ['k'.repeat(32), 'bfe77c40173839441c783bd49ab238a7fc7d8fa0d85be172da3579307189b501'],
    ['x'.repeat(200), '47feb75c9895c2e05346223dbf9f701e201a627da72157d3f06d76ae5128d338'],
  ])('are "<user>.<scope>.<HMAC-SHA256 hex>" (secret of %#)', (secret, mac) => {
    const userId = '0b6a4c1e-3f2d-4e8a-9b7c-5d1e2f3a4b5c';
    const token = signUnsubscribe(signingKey(secret), userId, 'notes');
    expect(token).toBe(`${userId}.notes.${mac}`);
    expect(verifyUnsubscribe(signingKey(secret), token)).toEqual({ userId, scope: 'notes' });
  });

  it('names nothing without the server\'s key, or when altered', () => {
    const key = signingKey('k'.repeat(32));
    const userId = randomUUID();
    const token = signUnsubscribe(key, userId, 'digest');
    expect(verifyUnsubscribe(key, token)).toEqual({ userId, scope: 'digest' });
    expect(verifyUnsubscribe(undefined, token)).toBeUndefined();
    expect(verifyUnsubscribe(signingKey('j'.repeat(32)), token)).toBeUndefined();
    expect(verifyUnsubscribe(key, token.toUpperCase())).toBeUndefined();
    expect(verifyUnsubscribe(key, `${token}.x`)).toBeUndefined();
    expect(verifyUnsubscribe(key, token.replace('.digest.', '.everything.'))).toBeUndefined();
  });
});
