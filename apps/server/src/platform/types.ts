import type { Config } from './config/config';
import type { Database } from './db/database';
import type { Access } from './auth/access';
import type { UserRow } from '../db/schema';
import type { FileStore } from './files/file-store';
import type { FileAccessRegistry } from './files/file-access';
import type { NotificationHub } from '../features/notifications/notification-hub';

/** What the platform adds to Fastify's instance, request and route config. */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    fileStore: FileStore;
    fileAccess: FileAccessRegistry;
    /** The event streams open on this instance (tests and the benchmark read its size). */
    notificationHub: NotificationHub;
  }
  interface FastifyRequest {
    /** The logged-in user, resolved from the session cookie for routes that need one. */
    user: UserRow | null;
    /** SHA-256 (hex) of the session token of this request, when logged in. */
    sessionHash: string | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; required on every /api and /files route (deny by default). */
    access?: Access;
  }
}

export {};
