import type { NotificationHub } from './notification-hub';

/** What the notifications feature adds to Fastify's instance. */
declare module 'fastify' {
  interface FastifyInstance {
    /** The event streams open on this instance (tests and the benchmark read its size). */
    notificationHub: NotificationHub;
  }
}

export {};
