import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. `put` returns only once the bytes are durable, so the caller may
 * then insert the database row; if the source throws (too large, wrong type) nothing is kept.
 * The local folder implements it now; an S3 store can implement the same three calls.
 */
export interface FileStore {
  put(source: AsyncIterable<Uint8Array>): Promise<{ key: string; size: number }>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}
