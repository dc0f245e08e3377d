import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { coursesRoutes } from './features/courses/courses.routes';
import { eventsRoutes } from './features/events/events.routes';
import { marksheetsRoutes } from './features/marksheets/marksheets.routes';
import { notesRoutes } from './features/notes/notes.routes';
import { NotificationHub } from './features/notifications/notification-hub';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { systemRoutes } from './features/system/system.routes';
import { ensureExamOffice } from './features/users/users.service';
import { usersRoutes } from './features/users/users.routes';
import { registerAuth } from './platform/auth/guard';
import { liveSessions, sessionPolicy } from './platform/auth/sessions';
import type { Config } from './platform/config/config';
import { openDatabase, type Database } from './platform/db/database';
import { frameworkErrorHandler, registerErrorHandling } from './platform/errors/error-handler';
import { FileAccessRegistry } from './platform/files/file-access';
import { filesRoutes } from './platform/files/files.routes';
import { LocalFileStore } from './platform/files/local-file-store';
import { registerApiDocs } from './platform/http/api-docs';
import { registerOriginCheck } from './platform/http/origin-check';
import { registerRateLimiting } from './platform/http/rate-limits';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerWebApp, type WebApp } from './platform/http/web-app';
import './platform/types';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise opened from config. */
  database?: Database;
  /** false turns logging off (tests); otherwise pino on stdout at config.logLevel. */
  logger?: boolean;
  /** Called before anything is registered, so its hooks see every route (tests' scanners). */
  instrument?: (app: FastifyInstance) => void;
}

/** JSON bodies are small forms; files travel as multipart with their own limits. */
const JSON_BODY_LIMIT = 100 * 1024;

/** Builds the whole server: platform first (order matters for hooks), then the features. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // A hop count is valid at run time; Fastify's types only list the other forms.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: JSON_BODY_LIMIT,
    // Our own ids (a client-sent x-request-id is not trusted); unique across instances in logs.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    frameworkErrors: frameworkErrorHandler,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.oldpassword', '*.newpassword'],
              censor: '[redacted]',
            },
            // Lean request lines: method, url, id; the full header dump costs throughput.
            serializers: {
              req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: req.url, id: req.id }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
          },
  });
  options.instrument?.(app);
  // The API speaks JSON and multipart only: a text/plain body is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      onConnectionError: (err) => app.log.warn({ err }, 'database connection lost; the pool opens a new one'),
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('fileStore', new LocalFileStore(path.join(config.dataDir, 'files')));
  app.decorate('fileAccess', new FileAccessRegistry());
  app.decorate('notificationHub', new NotificationHub(database.db, (hashes) => liveSessions(database.db, hashes, sessionPolicy(config)), app.log));
  if (!options.database) app.addHook('onClose', () => database.close());

  // Error handlers are copied into plugin contexts when those are registered: set them first.
  const web: { app?: WebApp } = {};
  registerErrorHandling(app, (_request, reply) => web.app?.notFound(reply) ?? false);
  registerSecurityHeaders(app);
  registerOriginCheck(app);
  await registerRateLimiting(app);
  await registerAuth(app);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 4, fields: 40, fieldSize: 100 * 1024 } });
  await registerApiDocs(app);

  // Avatars and thumbnails (of courses and events alike) are seen next to names, courses and
  // events by every logged-in user.
  app.fileAccess.register('avatar', () => true);
  app.fileAccess.register('thumbnail', () => true);

  await app.register(systemRoutes);
  await app.register(usersRoutes);
  await app.register(coursesRoutes);
  await app.register(notesRoutes);
  await app.register(notificationsRoutes);
  await app.register(marksheetsRoutes);
  await app.register(eventsRoutes);
  await app.register(filesRoutes);

  web.app = await registerWebApp(app);

  await ensureExamOffice(database.db, config);
  return app;
}
