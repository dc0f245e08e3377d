import type { FastifyInstance } from 'fastify';
import { referencedKeys } from './files.service';

/**
 * How old something must be before the sweeper takes it: far longer than an upload takes from
 * its bytes being stored to its row being written (or a slow upload its temp file being written),
 * so nothing in use is ever taken.
 */
export const SWEEP_GRACE_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 30 * 60_000;
/** The first sweep comes a little after start-up, at a different moment on each instance. */
const FIRST_SWEEP_MS = 60_000;

/**
 * Removes what a crash or a lost race left in the file store (temp files, unfinished multipart
 * uploads, stored files no row names) that is older than the grace period. Every instance
 * sweeps; the store's removals are idempotent, so sweeping at once is harmless.
 */
export function sweepOrphans(app: FastifyInstance, now = new Date()): Promise<number> {
  return app.fileStore.sweep(new Date(now.getTime() - SWEEP_GRACE_MS), (keys) => referencedKeys(app.database.db, keys));
}

export function registerSweeper(app: FastifyInstance): void {
  const timers: NodeJS.Timeout[] = [];
  const sweep = async () => {
    try {
      const removed = await sweepOrphans(app);
      if (removed > 0) app.log.info({ removed }, 'file sweeper removed orphaned uploads');
    } catch (err) {
      app.log.warn({ err }, 'file sweeper failed; it tries again later');
    }
  };
  app.addHook('onReady', async () => {
    timers.push(setTimeout(() => void sweep(), FIRST_SWEEP_MS + Math.random() * FIRST_SWEEP_MS).unref());
    timers.push(setInterval(() => void sweep(), SWEEP_EVERY_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
  });
}
