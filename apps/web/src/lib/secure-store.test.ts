import { describe, expect, it } from 'vitest';
import { SecureUserStore, type KeyStore, type StoredUser } from './secure-store';

function memoryKeys(): KeyStore & { key?: CryptoKey } {
  const s: KeyStore & { key?: CryptoKey } = {
    get: async () => s.key,
    set: async (k) => {
      s.key = k;
    },
  };
  return s;
}

const user: StoredUser = { _id: 'id-1', fullname: 'Ada Lovelace', userrole: 2, avatar: '/files/x', registrationId: 211070001, isExamOffice: false };

describe('SecureUserStore', () => {
  it('round-trips the user through AES-GCM with a non-extractable key, and stores no plain text', async () => {
    const keys = memoryKeys();
    const store = new SecureUserStore(keys, localStorage);
    await store.save({ ...user, email: 'ada@example.com' } as StoredUser);
    const raw = localStorage.getItem('campus.user')!;
    expect(raw).not.toContain('Ada');
    expect(raw).not.toContain('ada@example.com');
    expect(keys.key?.extractable).toBe(false);
    expect(await store.load()).toEqual(user);
  });

  it('drops what it cannot decrypt (another key)', async () => {
    await new SecureUserStore(memoryKeys(), localStorage).save(user);
    const other = new SecureUserStore(memoryKeys(), localStorage);
    expect(await other.load()).toBeNull();
    expect(localStorage.getItem('campus.user')).toBeNull();
  });

  it('clear forgets the user', async () => {
    const store = new SecureUserStore(memoryKeys(), localStorage);
    await store.save(user);
    store.clear();
    expect(await store.load()).toBeNull();
  });
});
