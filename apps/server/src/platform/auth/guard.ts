import cookie from '@fastify/cookie';
import { provide } from '../provide';
import type { FastifyInstance } from 'fastify';
import { refuse, sessionGone } from '../errors/app-error';
import { DOCS_PREFIX } from '../http/api-docs';
import { allows } from './access';
import { SESSION_COOKIE, SessionResolver, sessionPolicy } from './sessions';

/** Routes under these prefixes must declare `config.access`; a route without one fails start-up. */
const GUARDED_PREFIXES = ['/api/', '/files/', '/calendar/'];
/** Swagger UI's own routes (static pages of the public API description). */
const UNGUARDED_PREFIXES = [DOCS_PREFIX];

/**
 * Resolves the session cookie and enforces each route's declared access before the body is read
 * (onRequest), so an anonymous upload is refused without streaming it. Registered on the root
 * instance (not as an encapsulated plugin) so its hooks cover every route.
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('sessionProvider', null);

  app.addHook('onRoute', (route) => {
    const guarded = GUARDED_PREFIXES.some((p) => route.url.startsWith(p)) && !UNGUARDED_PREFIXES.some((p) => route.url.startsWith(p));
    if (guarded && route.config?.access === undefined) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no access (deny by default)`);
    }
  });

  provide(app, 'sessions', new SessionResolver(app.database.db, sessionPolicy(app.config), app.bus), { needs: ['database', 'bus', 'config'] });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'anyone') return;
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await app.sessions.resolve(token) : null;
    if (!session) {
      // A cookie whose session someone ended (or that ran out) is told why: the web app says it
      // on the login page (decision 0034). Looked up only here, on the way to a 401.
      const why = token ? await app.sessions.whyEnded(token) : null;
      throw why ? sessionGone(why) : refuse('login_required');
    }
    request.user = session.user;
    request.sessionHash = session.tokenHash;
    request.sessionProvider = session.provider;
    if (!allows(access, session.user)) throw refuse('not_allowed');
  });
}
