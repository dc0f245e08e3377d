import { describe, expect, it, vi } from 'vitest';
import { SecureUserStore, type KeyStore, type StoredUser } from './secure-store';

/** The IndexedDB key store's stand-in: jsdom has no IndexedDB, and the store takes any KeyStore. */
function memoryKeys() {
  const keys: KeyStore & { key?: CryptoKey; sets: number } = {
    sets: 0,
    get: async () => keys.key,
    set: async (k) => {
      keys.sets += 1;
      keys.key = k;
    },
  };
  return keys;
}

const user: StoredUser = { _id: 'id-1', fullname: 'Ada Lovelace', userrole: 2, avatar: '/files/x', registrationId: 211070001, isExamOffice: false, isAdmin: false };

describe('SecureUserStore', () => {
  it('round-trips the user through AES-GCM under a non-extractable key, keeping only the first-paint fields', async () => {
    const keys = memoryKeys();
    const store = new SecureUserStore(keys, localStorage);
    await store.save({ ...user, email: 'ada@example.com', semester: 3 } as StoredUser);
    const raw = localStorage.getItem('campus.user')!;
    expect(raw).not.toContain('Ada');
    expect(raw).not.toContain('ada@example.com');
    expect(keys.key?.extractable).toBe(false);
    expect(keys.key?.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect(await store.load()).toEqual(user);
    // The staff flags the header reads at first paint come back as they went.
    await store.save({ ...user, isExamOffice: true, isAdmin: true });
    expect(await store.load()).toMatchObject({ isExamOffice: true, isAdmin: true });
  });

  it('uses a fresh IV for every save', async () => {
    const store = new SecureUserStore(memoryKeys(), localStorage);
    await store.save(user);
    const first = localStorage.getItem('campus.user');
    await store.save(user);
    expect(localStorage.getItem('campus.user')).not.toBe(first);
  });

  it('creates one key even when the first saves overlap', async () => {
    const keys = memoryKeys();
    const store = new SecureUserStore(keys, localStorage);
    await Promise.all([store.save(user), store.save({ ...user, fullname: 'Ada King' })]);
    expect(keys.sets).toBe(1);
    expect((await store.load())?.fullname).toMatch(/Ada/);
  });

  it('drops what it cannot decrypt (another browser key, or tampering)', async () => {
    await new SecureUserStore(memoryKeys(), localStorage).save(user);
    expect(await new SecureUserStore(memoryKeys(), localStorage).load()).toBeNull();
    expect(localStorage.getItem('campus.user')).toBeNull();

    const keys = memoryKeys();
    const store = new SecureUserStore(keys, localStorage);
    await store.save(user);
    const stored = JSON.parse(localStorage.getItem('campus.user')!) as { iv: string; data: string };
    // A different first character, whatever the first one was (a fixed 'A' is sometimes the same).
    const tampered = `${stored.data[0] === 'A' ? 'B' : 'A'}${stored.data.slice(1)}`;
    localStorage.setItem('campus.user', JSON.stringify({ ...stored, data: tampered }));
    expect(await store.load()).toBeNull();
  });

  it('clear forgets the user', async () => {
    const store = new SecureUserStore(memoryKeys(), localStorage);
    await store.save(user);
    store.clear();
    expect(await store.load()).toBeNull();
  });

  it('never generates a key just to read', async () => {
    const keys = memoryKeys();
    const generate = vi.spyOn(globalThis.crypto.subtle, 'generateKey');
    expect(await new SecureUserStore(keys, localStorage).load()).toBeNull();
    expect(generate).not.toHaveBeenCalled();
    generate.mockRestore();
  });
});
