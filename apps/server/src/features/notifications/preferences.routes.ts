import { REFUSALS, SUCCESSES, UNSUBSCRIBE_PAGE, api, unsubscribedMessage } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { notificationEmailsOn, signingKeyOf } from './mailing';
import { preferencesOf, unsubscribe, updatePreferences } from './preferences.service';
import { verifyUnsubscribe } from './unsubscribe-token';

const { notifications } = api;
const route = contractRoutes('notifications');

/** An RFC 8058 body is one short field; anything longer is not one. */
const FORM_BODY_LIMIT = 1024;

/** /api/v1/notifications/preferences, and the emails' unsubscribe link. */
export async function preferencesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // What applies where the user has not chosen depends on whether this server sends notification emails.
  const mailOn = notificationEmailsOn(app.config);

  app.route({
    ...route(notifications.preferences, { access: 'user' }),
    handler: async (request, reply) => ok(reply, { preferences: await preferencesOf(db, request.user!.id, mailOn) }, 'preferences fetched successfully'),
  });

  app.route({
    ...route(notifications.updatePreferences, { access: 'user' }),
    handler: async (request, reply) => ok(reply, { preferences: await updatePreferences(db, request.user!.id, request.body, mailOn) }, SUCCESSES.preferencesSaved),
  });

  await app.register(unsubscribeRoutes);
}

/**
 * The unsubscribe link: no session, the signed token is the credential. Mail providers POST
 * `List-Unsubscribe=One-Click` form-encoded (RFC 8058), so this scope alone, of the whole API,
 * reads that type; everywhere else it stays a 415.
 */
async function unsubscribeRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const verified = (token: string) => {
    const found = verifyUnsubscribe(signingKeyOf(app.config), token);
    if (!found) throw badRequest(REFUSALS.unsubscribeInvalid);
    return found;
  };

  // A GET only leads on: mail scanners and link previews open links, and must not unsubscribe.
  app.route({
    ...route(notifications.unsubscribePage, { access: 'anyone' }),
    handler: async (request, reply) => {
      const { scope } = verified(request.query.token);
      const page = `${UNSUBSCRIBE_PAGE}?${new URLSearchParams({ token: request.query.token, scope })}`;
      return reply.redirect(page, 303);
    },
  });

  app.route({
    ...route(notifications.unsubscribe, { access: 'anyone' }),
    handler: async (request, reply) => {
      const { userId, scope } = verified(request.query.token);
      await unsubscribe(db, userId, scope);
      return ok(reply, { scope }, scope === 'digest' ? SUCCESSES.digestOff : unsubscribedMessage(scope));
    },
  });
}
