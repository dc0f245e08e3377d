/**
 * The locally kept copy of the current user (docs/product.md#the-local-copy-of-the-user): only what the first paint needs,
 * encrypted with AES-GCM under a non-extractable Web Crypto key. The key lives in IndexedDB
 * (structured-clone keeps it non-extractable), the ciphertext in localStorage. Script on the page
 * can still ask the key to decrypt, but the raw key never leaves the browser's key store, and
 * nothing readable sits in localStorage. The server's current-user answer always wins.
 */

export interface KeyStore {
  get(): Promise<CryptoKey | undefined>;
  set(key: CryptoKey): Promise<void>;
}

export interface StoredUser {
  _id: string;
  fullname: string;
  userrole: 1 | 2;
  avatar: string;
  registrationId: number;
  isExamOffice: boolean;
  /** Shows the administration's link in the header from the first paint. */
  isAdmin: boolean;
}

const STORAGE_KEY = 'campus.user';

/** The browser's key store: one CryptoKey in an IndexedDB object store. */
function indexedDbKeyStore(dbName = 'campus-keys'): KeyStore {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(dbName, 1);
      req.onupgradeneeded = () => req.result.createObjectStore('keys');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const tx = async <T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>) => {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const req = run(db.transaction('keys', mode).objectStore('keys'));
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  };
  return {
    get: () => tx<CryptoKey | undefined>('readonly', (s) => s.get('user') as IDBRequest<CryptoKey | undefined>),
    set: async (key) => {
      await tx('readwrite', (s) => s.put(key, 'user'));
    },
  };
}

export class SecureUserStore {
  /** One key per browser: concurrent first saves must not each generate (and store) their own. */
  private creating: Promise<CryptoKey> | undefined;

  constructor(
    private readonly keys: KeyStore,
    private readonly storage: Storage,
    private readonly subtle: SubtleCrypto = globalThis.crypto.subtle,
  ) {}

  private async existingKey(): Promise<CryptoKey | undefined> {
    return (await this.keys.get()) ?? (await this.creating);
  }

  private async keyForWriting(): Promise<CryptoKey> {
    const existing = await this.existingKey();
    if (existing) return existing;
    this.creating ??= (async () => {
      // extractable: false — the raw key can never be read out, only used by this origin.
      const key = await this.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      await this.keys.set(key);
      return key;
    })();
    return this.creating;
  }

  async save(user: StoredUser): Promise<void> {
    // Only the fields the first paint needs, whatever richer object the caller holds.
    const { _id, fullname, userrole, avatar, registrationId, isExamOffice, isAdmin } = user;
    const key = await this.keyForWriting();
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
    const plain = new TextEncoder().encode(JSON.stringify({ _id, fullname, userrole, avatar, registrationId, isExamOffice, isAdmin }));
    const cipher = new Uint8Array(await this.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
    this.storage.setItem(STORAGE_KEY, JSON.stringify({ iv: toBase64(iv), data: toBase64(cipher) }));
  }

  /** The stored user, or null when there is none or it cannot be read (then it is dropped). */
  async load(): Promise<StoredUser | null> {
    const raw = this.storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    try {
      const { iv, data } = JSON.parse(raw) as { iv: string; data: string };
      const key = await this.existingKey();
      if (!key) throw new Error('no key');
      const plain = await this.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, key, fromBase64(data));
      const user = JSON.parse(new TextDecoder().decode(plain)) as Partial<StoredUser>;
      // A copy written by an older version of the app may lack fields: then it is not used.
      if (typeof user._id !== 'string' || typeof user.fullname !== 'string' || typeof user.registrationId !== 'number') throw new Error('old shape');
      return {
        _id: user._id,
        fullname: user.fullname,
        userrole: user.userrole === 1 ? 1 : 2,
        avatar: user.avatar ?? '',
        registrationId: user.registrationId,
        isExamOffice: user.isExamOffice === true,
        isAdmin: user.isAdmin === true,
      };
    } catch {
      this.clear();
      return null;
    }
  }

  clear(): void {
    this.storage.removeItem(STORAGE_KEY);
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The app's store, or null where Web Crypto or IndexedDB is missing (then nothing is kept). */
export function browserUserStore(): SecureUserStore | null {
  if (typeof indexedDB === 'undefined' || !globalThis.crypto?.subtle || typeof localStorage === 'undefined') return null;
  return new SecureUserStore(indexedDbKeyStore(), localStorage);
}
