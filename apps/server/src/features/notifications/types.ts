import type { DigestScheduler } from './digest-scheduler';
import type { NotificationHub } from './notification-hub';

/** What the notifications feature adds to Fastify's instance. */
declare module 'fastify' {
  interface FastifyInstance {
    /** The event streams open on this instance (tests and the benchmark read its size). */
    notificationHub: NotificationHub;
    /** This instance's daily digest scheduler when mail is on, else null (tests run it by hand). */
    notificationDigest: DigestScheduler | null;
  }
}

export {};
