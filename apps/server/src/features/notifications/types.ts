import type { DigestScheduler } from './digest-scheduler';
import type { NotificationHub } from './notification-hub';
import type { Notify } from './notifications.service';

/** What the notifications feature adds to Fastify's instance. */
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Tells users something inside the caller's transaction; bound at start-up to whether
     * notification emails are on. Features hand it to their services when they register.
     */
    notify: Notify;
    /** The event streams open on this instance (tests and the benchmark read its size). */
    notificationHub: NotificationHub;
    /** This instance's daily digest scheduler when mail is on, else null (tests run it by hand). */
    notificationDigest: DigestScheduler | null;
  }
}

export {};
