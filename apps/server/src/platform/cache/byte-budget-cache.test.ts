import { describe, expect, it } from 'vitest';
import { ByteBudgetCache } from './byte-budget-cache';

const cacheOf = (budget: number) => new ByteBudgetCache<string>(budget, (s) => s.length);

describe('ByteBudgetCache', () => {
  it('counts the bytes it holds, a replaced value once', () => {
    const cache = cacheOf(100);
    cache.set('a', 'xxxx');
    cache.set('b', 'yy');
    cache.set('a', 'x');
    expect(cache.bytes).toBe(3);
    expect(cache.get('a')).toBe('x');
  });

  it('lets the least recently used go past the budget', () => {
    const cache = cacheOf(40);
    cache.set('a', 'a'.repeat(10));
    cache.set('b', 'b'.repeat(10));
    cache.set('c', 'c'.repeat(10));
    cache.get('a');
    cache.set('d', 'd'.repeat(10));
    cache.set('e', 'e'.repeat(10));
    expect(['a', 'b', 'c', 'd', 'e'].map((k) => cache.get(k) !== undefined)).toEqual([true, false, true, true, true]);
    expect(cache.bytes).toBeLessThanOrEqual(40);
  });

  it('keeps nothing larger than a quarter of the budget, and forgets what it held under that key', () => {
    const cache = cacheOf(40);
    cache.set('a', 'small');
    cache.set('a', 'x'.repeat(11));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('deletes and clears', () => {
    const cache = cacheOf(100);
    cache.set('a', 'aa');
    cache.set('b', 'bb');
    cache.delete('a');
    expect([cache.get('a'), cache.bytes]).toEqual([undefined, 2]);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
