import type { Config } from './config/config';
import type { Database } from './db/database';
import type { Access } from './auth/access';
import type { UserRow } from '../db/schema';
import type { FileStore } from './files/file-store';
import type { FileAccessRegistry } from './files/file-access';
import type { UploadRoute } from './files/upload-guard';
import type { CounterStore } from './limits/counter-store';
import type { Bus } from './realtime/bus';
import type { SessionResolver } from './auth/sessions';
import type { Lifecycle } from './lifecycle';
import type { MailTemplates } from './mail/mail-template';
import type { MailWorker } from './mail/mail-worker';
import type { AppSecret } from './secrets/app-secret';
import type { MailSecrets } from './mail/mail-secrets';
import type { Metrics } from './metrics/metrics';

/** What the platform adds to Fastify's instance, request and route config. */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    fileStore: FileStore;
    fileAccess: FileAccessRegistry;
    /** Every rate limit's counters: in process, or in Redis when REDIS_URL is set. */
    counters: CounterStore;
    /** What the instances tell each other (PostgreSQL LISTEN/NOTIFY; in process on PGlite). */
    bus: Bus;
    /** Resolves and revokes sessions (with this instance's cache of them). */
    sessions: SessionResolver;
    /** Starting, ready or draining: what the readiness call answers. */
    lifecycle: Lifecycle;
    /** This instance's sender of the mail queue; null when mail is off (config.mail unset). */
    mail: MailWorker | null;
    /** The emails this instance can render, by name: each feature adds its own (platform/mail). */
    mailTemplates: MailTemplates;
    /** Seals the secret part of an email (a reset link's token) for the queue; the worker opens it (decision 0033). */
    mailSecrets: MailSecrets;
    /** The key private addresses are derived from (calendar feeds). */
    appSecret: AppSecret;
    /** What features count for /metrics (failed logins); no-ops with METRICS=off. */
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** The logged-in user, resolved from the session cookie for routes that need one. */
    user: UserRow | null;
    /** SHA-256 (hex) of the session token of this request, when logged in. */
    sessionHash: string | null;
    /** The campus sign-in provider this request's session came from; null for a password login. */
    sessionProvider: string | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; required on every /api and /files route (deny by default). */
    access?: Access;
    /** A multipart route's file field and kind: its limits, checked before the body is read. */
    upload?: UploadRoute;
    /** A big list asked for again and again: answered with an ETag, and 304 when unchanged. */
    etag?: boolean;
    /** The URL itself is a credential (a calendar feed's): logs show the route's pattern instead. */
    secretUrl?: boolean;
    /** Another site may write here (a sign-in provider's POST, proven by its signature): the origin check lets it through. */
    crossSite?: boolean;
  }
}

export {};
