import { SUCCESSES, api, pages, unsubscribedMessage } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { acceptFormBodies } from '../../platform/http/form-body';
import { notificationEmailsOn, signingKeyOf } from './mailing';
import { preferencesOf, unsubscribe, unsubscribeStatus, updatePreferences } from './preferences.service';
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
 * `List-Unsubscribe=One-Click` form-encoded (RFC 8058), so this scope reads that type.
 */
async function unsubscribeRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  acceptFormBodies(app, FORM_BODY_LIMIT);

  const verified = (token: string) => {
    const found = verifyUnsubscribe(signingKeyOf(app.config), token);
    if (!found) throw refuse('unsubscribe_invalid');
    return found;
  };

  // The link of emails sent before links went to the page directly. A GET only leads on: mail
  // scanners and link previews open links, and must not unsubscribe. A browser goes to the page
  // whatever the link holds (cut, altered, empty): the page tells the reader what is wrong in
  // words, where a 400 would show raw JSON on a blank page. Other clients get the 400.
  app.route({
    ...route(notifications.unsubscribePage, { access: 'anyone' }),
    attachValidation: true,
    handler: async (request, reply) => {
      const token = request.validationError ? undefined : request.query.token;
      const toPage = () => reply.redirect(pages.unsubscribe(token), 303);
      if (wantsPage(request)) return toPage();
      if (request.validationError) throw request.validationError;
      verified(token!);
      return toPage();
    },
  });

  app.route({
    ...route(notifications.unsubscribeStatus, { access: 'anyone' }),
    handler: async (request, reply) => {
      const { userId, scope } = verified(request.query.token);
      return ok(reply, await unsubscribeStatus(db, userId, scope, notificationEmailsOn(app.config)), 'unsubscribe link checked');
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

/** A browser opening a link asks for a page (Accept: text/html…); an API client does not. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/i.test(request.headers.accept ?? '');
