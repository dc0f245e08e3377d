import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { calendarRoutes } from './features/calendar';
import { coursesRoutes } from './features/courses';
import { eventsRoutes } from './features/events';
import { marksheetsRoutes } from './features/marksheets';
import { notesRoutes } from './features/notes';
import { registerNotifications } from './features/notifications';
import { systemRoutes } from './features/system';
import { ensureAdmin, ensureExamOffice, usersRoutes } from './features/users';
import { adminHomeRoutes, adminRoutes } from './features/admin';
import { auditRoutes } from './features/audit';
import { rosterRoutes } from './features/roster';
import { signInRoutes } from './features/sign-in';
import { documentsRoutes } from './features/documents';
import { courseworkRoutes } from './features/coursework';
import { registerAuth } from './platform/auth/guard';
import { registerBackupRoute } from './platform/backup/backup.routes';
import type { Config } from './platform/config/config';
import { openDatabase, type Database } from './platform/db/database';
import { frameworkErrorHandler, registerErrorHandling } from './platform/errors/error-handler';
import { errSerializer } from './platform/errors/log-serializers';
import { FileAccessRegistry } from './platform/files/file-access';
import { filesRoutes } from './platform/files/files.routes';
import { createFileStore } from './platform/files/stores';
import { registerSweeper } from './platform/files/sweeper';
import { registerUploadGuard } from './platform/files/upload-guard';
import { openCounterStore } from './platform/limits/counters';
import { registerApiDocs } from './platform/http/api-docs';
import { registerCompression } from './platform/http/compression';
import { registerEtags } from './platform/http/etag';
import { registerBodyWatchdog, serverTimeouts } from './platform/http/connection-limits';
import { registerHostCheck } from './platform/http/host-check';
import { registerOriginCheck } from './platform/http/origin-check';
import { trustProxyOption } from './platform/http/proxy';
import { OneLinePerRequest } from './platform/http/request-log';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerWebApp, type WebApp } from './platform/http/web-app';
import { registerMail } from './platform/mail/register-mail';
import { registerMetrics } from './platform/metrics/metrics';
import { Bus } from './platform/realtime/bus';
import { AppSecret } from './platform/secrets/app-secret';
import { registerLifecycle } from './platform/lifecycle';
import { provide } from './platform/provide';
import './platform/types';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise opened from config. */
  database?: Database;
  /**
   * false turns logging off (tests); otherwise pino at config.logLevel, on stdout or on the
   * stream given (tests that read what was logged).
   */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** Called before anything is registered, so its hooks see every route (tests' scanners). */
  instrument?: (app: FastifyInstance) => void;
}

/** The longest path parameter the router matches at all (Fastify's default is 100). */
const PARAM_ROUTER_MAX = 500;

/** JSON bodies are small forms; files travel as multipart with their own limits. */
const JSON_BODY_LIMIT = 100 * 1024;

/** Builds the whole server: platform first (order matters for hooks), then the features. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    ...serverTimeouts(config.connections),
    // Our own ids (a client-sent x-request-id is not trusted); unique across instances in logs.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    frameworkErrors: frameworkErrorHandler,
    // Past the contract's path segment (100 characters), so that an over-long id reaches the
    // route's params schema and is a 400 naming it; only an absurd one is the router's 414.
    routerOptions: { maxParamLength: PARAM_ROUTER_MAX },
    logController: new OneLinePerRequest(),
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
            // Nothing logs a request, a body or a user: a request is one line of method, path,
            // status and time (OneLinePerRequest), and an error goes through errSerializer, which
            // drops the values a failed query carried. A test holds the log to that.
            serializers: { err: errSerializer },
          },
  });
  options.instrument?.(app);
  if (config.trustProxy === true) {
    app.log.warn('TRUST_PROXY=true believes X-Forwarded-For from any client, who can then pick the address its rate limits count: set the number of proxy hops or the proxies\' addresses instead');
  }
  // The API speaks JSON and multipart only: a text/plain body is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      onConnectionError: (err) => app.log.warn({ err }, 'database connection lost; the pool opens a new one'),
    }));
  provide(app, 'config', config);
  registerLifecycle(app);
  const counters = await openCounterStore(config, app.log);
  provide(app, 'counters', counters, { needs: ['config'], close: () => counters.close() });
  // A database the caller opened (tests) is the caller's to close.
  provide(app, 'database', database, { close: options.database ? undefined : () => database.close() });
  provide(app, 'appSecret', await AppSecret.open(database.db, config, app.log), { needs: ['database', 'config'] });
  provide(app, 'fileStore', createFileStore(config, app.log), { needs: ['config'] });
  provide(app, 'fileAccess', new FileAccessRegistry());
  const bus = await Bus.open(database, app.log);
  provide(app, 'bus', bus, { needs: ['database'], close: () => bus.close() });
  registerMail(app);
  // Before the features, which count through `app.metrics`; its hook sees every answer.
  registerMetrics(app);

  // Error handlers are copied into plugin contexts when those are registered: set them first.
  const web: { app?: WebApp } = {};
  registerErrorHandling(app, (_request, reply) => web.app?.notFound(reply) ?? false);
  // First, so that a body refused by any later hook is still drained within bounds.
  registerBodyWatchdog(app);
  registerSecurityHeaders(app);
  // Before anything reads the host (the origin check, links built on it).
  registerHostCheck(app);
  registerOriginCheck(app);
  // Tags the JSON before it is compressed.
  registerEtags(app);
  // Before the web app's static files are registered (@fastify/compress requires it).
  await registerCompression(app);
  await registerAuth(app);
  registerUploadGuard(app);
  registerSweeper(app);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 4, fields: 40, fieldSize: 100 * 1024 } });
  await registerApiDocs(app);

  // Avatars and thumbnails (of courses and events alike) are seen next to names, courses and
  // events by every logged-in user.
  app.fileAccess.register('avatar', () => true);
  app.fileAccess.register('thumbnail', () => true);

  await app.register(systemRoutes);
  registerBackupRoute(app);
  // Before the features that tell people through the `app.notify` it provides (they check).
  await registerNotifications(app);
  await app.register(usersRoutes);
  await app.register(coursesRoutes);
  await app.register(notesRoutes);
  await app.register(marksheetsRoutes);
  await app.register(eventsRoutes);
  await app.register(calendarRoutes);
  await app.register(filesRoutes);
  await app.register(auditRoutes);
  await app.register(adminRoutes);
  await app.register(adminHomeRoutes);
  await app.register(rosterRoutes);
  await app.register(signInRoutes);
  await app.register(documentsRoutes);
  await app.register(courseworkRoutes);

  web.app = await registerWebApp(app);

  await ensureExamOffice(database.db, config.examOffice);
  await ensureAdmin(database.db, config.admin);
  return app;
}
