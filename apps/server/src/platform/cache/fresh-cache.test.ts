import { describe, expect, it } from 'vitest';
import { FreshCache } from './fresh-cache';

describe('FreshCache', () => {
  const session = (userId: string) => ({ userId });

  it('keeps a copy for its time to live only', () => {
    const cache = new FreshCache<{ userId: string }>(1_000, 10);
    cache.put('a', session('u1'), cache.generation, 0);
    expect(cache.get('a', 999)).toBeDefined();
    expect(cache.get('a', 1_000)).toBeUndefined();
  });

  it('does not keep what was read before a forget (a revocation racing a lookup)', () => {
    const cache = new FreshCache<{ userId: string }>(1_000, 10);
    const before = cache.generation;
    cache.forgetWhere((s) => s.userId === 'u1');
    cache.put('a', session('u1'), before, 0);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('forgets every copy a test picks, and only those', () => {
    const cache = new FreshCache<{ userId: string }>(1_000, 10);
    for (const [hash, user] of [['a', 'u1'], ['b', 'u1'], ['c', 'u2']] as const) cache.put(hash, session(user), cache.generation, 0);
    cache.forgetWhere((s) => s.userId === 'u1');
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)].map(Boolean)).toEqual([false, false, true]);
  });

  it('stays within its size, the oldest copy making room', () => {
    const cache = new FreshCache<{ userId: string }>(1_000, 3);
    for (const hash of ['a', 'b', 'c', 'd']) cache.put(hash, session(hash), cache.generation, 0);
    expect(cache.size).toBe(3);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('d', 1)).toBeDefined();
  });
});
