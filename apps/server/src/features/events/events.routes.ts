import { MESSAGES, SUCCESSES, api, createEventBody, todayIn, updateEventBody, wallClockIn, type EventList } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { removeStored } from '../../platform/files/remove-stored';
import { withUpload } from '../../platform/files/upload';
import { contractRoutes } from '../../platform/http/contract-route';
import { limiter } from '../../platform/limits/limiter';
import { assertHost } from './events.policy';
import { eventDescriber } from './events.drafting';
import { presentEvent, presentListing } from './events.presenter';
import { listEvents, type EventFilter } from './events.queries';
import { createEvent, deleteEvent, eventOr404, eventViewOr404, updateEvent } from './events.service';

const { events } = api;
const route = contractRoutes('events');

/** Every /api/v1/events route of the contract (packages/contract/src/events.ts). Any logged-in user may call each; editing and deleting are the host's alone. */
export async function eventsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { config } = app;
  const describe = eventDescriber(config.textgen);
  const draftPerUser = limiter(app, 'draft-user', config.rateLimits.draftPerUser, 'drafts', (r) => r.user!.id);
  const createPerUser = limiter(app, 'create-event', config.rateLimits.createPerUser, 'events', (r) => r.user!.id);

  /** The campus's calendar day now, whatever zone the server's clock is in. */
  const today = () => todayIn(config.campusTimeZone, config.now());
  /** The campus's wall-clock minute now: an event may not be set to start before it. */
  const campusNow = () => wallClockIn(config.campusTimeZone, config.now());

  const listing = async (filter: EventFilter): Promise<EventList> => ({ listofevents: (await listEvents(db, filter)).map(presentListing) });

  app.route({
    ...route(events.today, { access: 'user' }),
    handler: async (_request, reply) => ok(reply, await listing({ on: today() }), 'events fetched successfully'),
  });

  app.route({
    ...route(events.other, { access: 'user' }),
    handler: async (_request, reply) => ok(reply, await listing({ besides: today() }), 'events fetched successfully'),
  });

  app.route({
    ...route(events.all, { access: 'user' }),
    handler: async (_request, reply) => ok(reply, await listing({}), 'events fetched successfully'),
  });

  app.route({
    ...route(events.mine, { access: 'user' }),
    handler: async (request, reply) => ok(reply, await listing({ ownerId: request.user!.id }), 'events fetched successfully'),
  });

  app.route({
    ...route(events.byTitle, { access: 'user' }),
    handler: async (request, reply) => ok(reply, await listing({ besides: today(), title: request.query.title.trim() }), 'events fetched successfully'),
  });

  app.route({
    ...route(events.get, { access: 'user' }),
    handler: async (request, reply) => {
      const view = await eventViewOr404(db, request.params.eventId);
      return ok(reply, { listofevents: [presentListing(view)] }, 'event fetched successfully');
    },
  });

  app.route({
    ...route(events.create, { access: 'user' }),
    onRequest: [createPerUser],
    handler: async (request, reply) =>
      withUpload(request, app.fileStore, async (form) => {
        const body = parseOrThrow(createEventBody, form.fields);
        const view = await createEvent(db, request.user!, body, form.file, campusNow());
        return ok(reply, { event: presentEvent(view.row) }, MESSAGES.eventCreated, 201);
      }),
  });

  app.route({
    ...route(events.update, { access: 'user' }),
    handler: async (request, reply) => {
      // Who may edit is settled before a byte of the thumbnail is stored.
      const event = await eventOr404(db, request.params.eventId);
      assertHost(request.user!, event, 'edit');
      const { row, replacedKey } = await withUpload(request, app.fileStore, async (form) =>
        updateEvent(db, event.id, parseOrThrow(updateEventBody, form.fields), form.file, campusNow()),
      );
      // The old thumbnail's row went with the commit; its bytes go now.
      await removeStored(app.fileStore, [replacedKey], request.log);
      return ok(reply, { event: presentEvent(row) }, MESSAGES.eventUpdated);
    },
  });

  app.route({
    ...route(events.delete, { access: 'user' }),
    handler: async (request, reply) => {
      const event = await eventOr404(db, request.params.eventId);
      assertHost(request.user!, event, 'delete');
      await removeStored(app.fileStore, await deleteEvent(db, event), request.log);
      return ok(reply, {}, SUCCESSES.eventDeleted);
    },
  });

  app.route({
    ...route(events.draftDescription, { access: 'user' }),
    // After validation: a malformed request does not use up the caller's drafts.
    preHandler: [draftPerUser],
    handler: async (request, reply) => {
      const description = await describe(request.body.title, request.log);
      return ok(reply, { description }, 'description drafted successfully');
    },
  });
}
