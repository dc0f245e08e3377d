import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from './counter-store';
import { addressKey } from './client-address';

describe('MemoryCounterStore', () => {
  it('counts in a window that the first hit starts, and starts again after it', async () => {
    let now = 1_000;
    const store = new MemoryCounterStore(100, () => now);
    expect(await store.increment('a', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    now += 400;
    expect(await store.increment('a', 1_000)).toEqual({ count: 2, resetInMs: 600 });
    now += 600;
    expect(await store.increment('a', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
  });

  it('takes one back without going below zero, and forgets on reset', async () => {
    const store = new MemoryCounterStore();
    await store.increment('a', 1_000);
    await store.decrement('a');
    await store.decrement('a');
    expect((await store.increment('a', 1_000)).count).toBe(1);
    await store.reset('a');
    expect((await store.increment('a', 1_000)).count).toBe(1);
  });

  it('stays within its size, and made-up keys cannot push out an attack’s counter', async () => {
    const store = new MemoryCounterStore(1_000);
    for (let i = 0; i < 50; i++) await store.increment('victim', 60_000);
    for (let i = 0; i < 20_000; i++) await store.increment(`junk-${i}`, 60_000);
    expect(store.size).toBeLessThanOrEqual(1_000);
    expect((await store.increment('victim', 60_000)).count).toBe(51);
  });

  it('drops expired windows before anything else when full', async () => {
    let now = 0;
    const store = new MemoryCounterStore(10, () => now);
    for (let i = 0; i < 5; i++) await store.increment(`old-${i}`, 100);
    for (let i = 0; i < 5; i++) await store.increment(`live-${i}`, 10_000);
    now = 500;
    await store.increment('new', 10_000);
    expect(store.size).toBe(6);
    expect((await store.increment('live-0', 10_000)).count).toBe(2);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::a', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
