import type { Readable } from 'node:stream';

/** Every store names what it keeps by a random UUID; anything else is not ours (or a bad row). */
export const STORAGE_KEY_PATTERN = /^[0-9a-f-]{36}$/;

/** What the sweeper asks of a store: which of these keys still have a row (the rest are orphans). */
export type ReferencedKeys = (keys: string[]) => Promise<Set<string>>;

/**
 * Where uploaded bytes live: a local folder (LocalFileStore) or an S3 bucket (S3FileStore).
 * `put` returns only once the bytes are durable, so the caller may then insert the database row;
 * if the source throws (too large, wrong type) nothing is kept. A store that cannot be reached
 * throws `storage_unavailable` (503), never a half-written object. `get` of a key that names
 * nothing rejects with another error (the route answers 404 for it).
 */
export interface FileStore {
  put(source: AsyncIterable<Uint8Array>): Promise<{ key: string; size: number }>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * Removes what a crash or a lost race left behind, if it is older than `before`: unfinished
   * uploads (temp files, incomplete multipart uploads) and stored objects whose key no file row
   * names (`referenced` says which do). Safe to run on every instance at once. Returns how many
   * were removed.
   */
  sweep(before: Date, referenced: ReferencedKeys): Promise<number>;
}
