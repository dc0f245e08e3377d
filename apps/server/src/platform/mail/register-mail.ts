import type { FastifyInstance } from 'fastify';
import { mailQueued } from './mail-queue';
import { MailSecrets } from './mail-secrets';
import { MailTemplates } from './mail-template';
import { MailWorker } from './mail-worker';
import { prerendered } from './prerendered';
import { provide } from '../provide';

/**
 * `app.mailTemplates`: the templates this instance renders, which features add to when they
 * register (mail on or off). `app.mailSecrets`: what seals an email's secret part for the queue
 * (decision 0033). `app.mail`: this instance's mail worker when mail is on
 * (config.mail), else null. It starts with the app, once every feature has added its templates,
 * and stops when it closes, after the sends under way and before the bus and the database.
 */
export function registerMail(app: FastifyInstance): void {
  const templates = new MailTemplates();
  templates.add(prerendered);
  provide(app, 'mailTemplates', templates);
  const mail = app.config.mail;
  // Emails speak of the portal by the campus's name (CAMPUS_NAME, default "Campus Portal").
  const context = mail ? { origin: mail.linkOrigin, campusName: app.config.campusName, config: app.config } : undefined;
  // Secret parts are queued sealed (enqueueMail) and opened only here, as the email is written.
  const secrets = new MailSecrets(app.appSecret);
  provide(app, 'mailSecrets', secrets, { needs: ['appSecret'] });
  const worker = mail && context ? new MailWorker(app.database.db, mail, app.log, (job) => templates.render({ ...job, secret: secrets.open(job.secret, job) }, context)) : null;
  // Stopped (finishing the sends under way) before the bus and the database it uses close.
  provide(app, 'mail', worker, { needs: ['bus', 'database', 'config'], close: worker ? () => worker.stop() : undefined });
  if (!worker) return;
  app.bus.on(mailQueued, () => worker.wake());
  // Wakes may have been missed while the bus was down.
  app.bus.onResume(() => worker.wake());
  app.addHook('onReady', async () => worker.start());
}
