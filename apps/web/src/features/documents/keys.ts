import { api } from '@campus/contract/api';
import type { PublicKey } from './check-offline';

/**
 * The portal's document keys, kept in localStorage after every successful fetch of
 * `/documents/keys` (which /verify makes when it loads): a gate's phone opens the page once with a
 * network and checks with none after. Public keys only; nothing here is a secret.
 */
const STORE = 'campus.documentKeys';

export interface KeptKeys {
  keys: PublicKey[];
  /** When they were fetched (ISO). */
  savedAt: string;
}

const isKey = (k: unknown): k is PublicKey =>
  typeof k === 'object' && k !== null && ['kty', 'kid', 'crv', 'x', 'y'].every((f) => typeof (k as Record<string, unknown>)[f] === 'string');

export function keptKeys(): KeptKeys | null {
  try {
    const kept = JSON.parse(localStorage.getItem(STORE) ?? 'null') as KeptKeys | null;
    return kept && Array.isArray(kept.keys) && kept.keys.every(isKey) && typeof kept.savedAt === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/**
 * Fetches the key set and keeps it; the kept one when the network fails. A key set is answered
 * bare (no envelope), so this is a plain fetch rather than lib/api's `call`.
 */
export async function refreshKeys(now = new Date()): Promise<KeptKeys | null> {
  try {
    const res = await fetch(api.documents.keys.path, { headers: { accept: 'application/jwk-set+json, application/json' }, cache: 'no-cache' });
    if (!res.ok) return keptKeys();
    const body = (await res.json()) as { keys?: unknown };
    if (!Array.isArray(body.keys) || !body.keys.every(isKey)) return keptKeys();
    const kept = { keys: body.keys, savedAt: now.toISOString() };
    localStorage.setItem(STORE, JSON.stringify(kept));
    return kept;
  } catch {
    return keptKeys();
  }
}
