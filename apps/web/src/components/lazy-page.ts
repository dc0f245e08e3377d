import { lazy, type ComponentType } from 'react';

/** How long a page's script may take to load (docs/product.md#screens). */
const CHUNK_TIMEOUT_MS = 120_000;

class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

export const isChunkLoadError = (err: unknown) =>
  err instanceof ChunkLoadError || (err instanceof Error && /dynamically imported module|Importing a module script failed|Loading chunk/i.test(err.message));

/**
 * React.lazy for a page module, failing with "Loading chunk failed" when the chunk cannot be
 * fetched or takes longer than 120 s; the route's error page then offers a reload.
 */
export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  return lazy(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError('timed out')), CHUNK_TIMEOUT_MS);
    });
    return Promise.race([load(), timeout])
      .catch((err: unknown) => {
        throw err instanceof ChunkLoadError ? err : new ChunkLoadError(err);
      })
      .finally(() => clearTimeout(timer));
  });
}
