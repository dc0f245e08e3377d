import type { User } from '@campus/contract';
import { browserUserStore, type SecureUserStore, type StoredUser } from '../../lib/secure-store';

/** The query key of the current user: null when logged out. */
export const currentUserKey = ['current-user'] as const;

let store: SecureUserStore | null = typeof window === 'undefined' ? null : browserUserStore();
let restored: StoredUser | null = null;

/** Tests give their own store (jsdom has no IndexedDB). */
export function setUserStore(s: SecureUserStore | null) {
  store = s;
}

/** Reads the locally kept user once, before the first render, for a fast first paint. */
export async function restoreStoredUser(): Promise<StoredUser | null> {
  restored = (await store?.load().catch(() => null)) ?? null;
  return restored;
}
export const storedUser = () => restored;

export function rememberUser(user: User | null) {
  restored = user;
  if (!store) return;
  if (user) void store.save(user).catch(() => store?.clear());
  else store.clear();
}
