import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { signingKey, signUnsubscribe, unsubscribeTokenSql, verifyUnsubscribe } from './unsubscribe-token';

const ctx = useTestApp();

describe('unsubscribe tokens', () => {
  // Short, block-sized, longer than a block (hashed first), and not ASCII.
  it.each(['k'.repeat(32), 'b'.repeat(64), 'l'.repeat(65), 'x'.repeat(200), 'clé secrète — 密钥 — long enough for the rule'])(
    'PostgreSQL signs exactly as Node does (secret of %#)',
    async (secret) => {
      const key = signingKey(secret);
      const userId = randomUUID();
      const result = await ctx.database.db.execute(sql`select ${unsubscribeTokenSql(key, sql`${userId}::uuid`, 'notes')} as token`);
      const [row] = (result as unknown as { rows: { token: string }[] }).rows;
      expect(row!.token).toBe(signUnsubscribe(key, userId, 'notes'));
      expect(verifyUnsubscribe(key, row!.token)).toEqual({ userId, scope: 'notes' });
    },
  );

  it('names nothing without the server\'s key, or when altered', () => {
    const key = signingKey('k'.repeat(32));
    const userId = randomUUID();
    const token = signUnsubscribe(key, userId, 'digest');
    expect(verifyUnsubscribe(undefined, token)).toBeUndefined();
    expect(verifyUnsubscribe(signingKey('j'.repeat(32)), token)).toBeUndefined();
    expect(verifyUnsubscribe(key, token.toUpperCase())).toBeUndefined();
    expect(verifyUnsubscribe(key, `${token}.x`)).toBeUndefined();
    expect(verifyUnsubscribe(key, token.replace('.digest.', '.everything.'))).toBeUndefined();
  });
});
