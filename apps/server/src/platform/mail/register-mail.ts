import type { FastifyInstance } from 'fastify';
import { mailQueued } from './mail-queue';
import { MailWorker } from './mail-worker';

/**
 * `app.mail`: this instance's mail worker when mail is on (config.mail), else null. It starts
 * with the app and stops when it closes, after the sends under way; register it after the bus
 * and the database (onClose hooks run last-registered first).
 */
export function registerMail(app: FastifyInstance): void {
  const mail = app.config.mail;
  const worker = mail ? new MailWorker(app.database.db, mail, app.log) : null;
  app.decorate('mail', worker);
  if (!worker) return;
  app.bus.on(mailQueued, () => worker.wake());
  // Wakes may have been missed while the bus was down.
  app.bus.onResume(() => worker.wake());
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', () => worker.stop());
}
