import type { FastifyInstance } from 'fastify';
import { provide } from '../../platform/provide';
import { liveSessions, sessionPolicy, userChanged } from '../../platform/auth/sessions';
import { DigestScheduler } from './digest-scheduler';
import { digestEmail } from './digest';
import { notificationEmailsOn } from './mailing';
import { notificationEmail } from './notification-emails';
import { NotificationHub } from './notification-hub';
import { notifier } from './notifications.service';
import { notificationsRoutes } from './notifications.routes';
import { preferencesRoutes } from './preferences.routes';
import { notificationsAdded, unreadChanged } from './notifications.topics';
import './types';

/**
 * The notifications feature: `app.notify`, which every feature that tells someone uses (so this
 * registers before them), this instance's hub of event streams, fed by the bus, its routes, and
 * with mail on the daily digest's scheduler. All are decorated on the instance given (the root),
 * where features, tests and the benchmark read them.
 */
export async function registerNotifications(app: FastifyInstance): Promise<void> {
  const { config, database, bus } = app;
  provide(app, 'notify', notifier(notificationEmailsOn(config)), { needs: ['database', 'bus', 'config'] });
  const hub = new NotificationHub(database.db, (hashes) => liveSessions(database.db, hashes, sessionPolicy(config)), app.log, config.streams);
  app.decorate('notificationHub', hub);
  app.metrics.gauge('campus_event_streams_open', 'Notification event streams open on this instance.', () => hub.size);
  bus.on(notificationsAdded, ({ from, to }) => hub.added(from, to));
  bus.on(unreadChanged, ({ user }) => hub.countChanged(user));
  bus.on(userChanged, ({ user }) => hub.userChanged(user));
  bus.onResume(() => hub.resume());
  hub.start();
  // Open streams would hold the server's close; ended first, browsers reconnect elsewhere.
  app.addHook('preClose', async () => hub.closeAll());
  // Its emails, rendered by the mail worker; and the daily digest, where notifications go out by email.
  app.mailTemplates.add(notificationEmail, digestEmail);
  const digest = notificationEmailsOn(config) ? new DigestScheduler(database.db, { timeZone: config.campusTimeZone, hour: config.digestHour }, config.now, app.log) : null;
  app.decorate('notificationDigest', digest);
  if (digest) {
    app.addHook('onReady', async () => digest.start());
    app.addHook('onClose', () => digest.stop());
  }
  await app.register(notificationsRoutes);
  await app.register(preferencesRoutes);
}
