import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from './file-store';

/**
 * Removes the bytes of files whose rows a committed transaction deleted. Call it only after the
 * commit: a rolled-back delete must not lose files. The rows (and so every URL) are already gone,
 * so bytes that fail to go are orphans for the sweeper, logged, never a failed request.
 */
export async function removeStored(store: FileStore, keys: readonly (string | null | undefined)[], log: FastifyBaseLogger): Promise<void> {
  await Promise.all(
    keys
      .filter((key): key is string => typeof key === 'string')
      .map((key) => store.delete(key).catch((err: unknown) => log.warn({ err, key }, 'file bytes not removed (orphaned; the sweeper takes them)'))),
  );
}
