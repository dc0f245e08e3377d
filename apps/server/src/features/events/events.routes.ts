import {
  API_PREFIX,
  EVENT_DESCRIPTION_MAX,
  MESSAGES,
  createEventBody,
  draftDescriptionBody,
  eventSearchQuery,
  paths,
  todayIn,
  type DraftedDescription,
  type EventList,
} from '@campus/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badGateway, serviceUnavailable } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { readMultipart } from '../../platform/files/upload';
import { limiter } from '../../platform/limits/limiter';
import { TextGenError, createTextGenerator } from '../../platform/textgen';
import { assertHost } from './events.policy';
import { eventDescriptionPrompt } from './events.prompt';
import { presentEvent, presentListing } from './events.presenter';
import { listEvents, type EventFilter } from './events.queries';
import { createEvent, deleteEvent, eventOr404, eventViewOr404 } from './events.service';

const eventParams = z.object({ eventId: z.string().max(100) });
const tags = ['events'];

/** A drafted text, trimmed and cut to what an event description may hold (never half a character). */
export function fitDescription(text: string): string {
  let cut = text.trim().slice(0, EVENT_DESCRIPTION_MAX);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trim();
}

/** Every /api/v1/events route of API.md. Any logged-in user may call each; deleting is the host's alone. */
export async function eventsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { config } = app;
  const generator = createTextGenerator(config.textgen);
  const draftPerUser = limiter(app, 'draft-user', config.rateLimits.draftPerUser, 'too many descriptions drafted', (r) => r.user!.id);
  const createPerUser = limiter(app, 'create-event', config.rateLimits.createPerUser, 'too many events created this hour', (r) => r.user!.id);

  /** The campus's calendar day now, whatever zone the server's clock is in. */
  const today = () => todayIn(config.campusTimeZone, config.now());

  const listing = async (filter: EventFilter): Promise<EventList> => ({ listofevents: (await listEvents(db, filter)).map(presentListing) });

  // A deleted event's thumbnail bytes go after the answer: the rows (and so the URL) are already
  // gone, the caller need not wait for the disk. Closing the app waits for what is in flight.
  const removals = new Set<Promise<void>>();
  const removeLater = (keys: string[], log: FastifyBaseLogger) => {
    for (const key of keys) {
      const removal: Promise<void> = app.fileStore
        .delete(key)
        .catch((err: unknown) => log.warn({ err, key }, 'event thumbnail bytes not removed (orphaned)'))
        .finally(() => removals.delete(removal));
      removals.add(removal);
    }
  };
  app.addHook('onClose', async () => {
    await Promise.all([...removals]);
  });

  app.get(paths.events.today, {
    config: { access: 'user' },
    schema: { tags, summary: "Today's events in the campus time zone (CAMPUS_TZ), by time" },
    handler: async (_request, reply) => ok(reply, await listing({ on: today() }), 'events fetched successfully'),
  });

  app.get(paths.events.other, {
    config: { access: 'user' },
    schema: { tags, summary: 'Events of every other day: upcoming soonest first, then past latest first' },
    handler: async (_request, reply) => ok(reply, await listing({ besides: today() }), 'events fetched successfully'),
  });

  app.get(paths.events.all, {
    config: { access: 'user' },
    schema: { tags, summary: 'Every event, by date and time' },
    handler: async (_request, reply) => ok(reply, await listing({}), 'events fetched successfully'),
  });

  app.get(paths.events.mine, {
    config: { access: 'user' },
    schema: { tags, summary: 'The events the caller hosts, by date and time' },
    handler: async (request, reply) => ok(reply, await listing({ ownerId: request.user!.id }), 'events fetched successfully'),
  });

  app.get(paths.events.byTitle, {
    config: { access: 'user' },
    schema: { tags, summary: 'Other events whose title contains the text, ignoring case, taken literally', querystring: eventSearchQuery },
    handler: async (request, reply) => ok(reply, await listing({ besides: today(), title: request.query.title.trim() }), 'events fetched successfully'),
  });

  app.get(`${API_PREFIX}/events/get-event/:eventId`, {
    config: { access: 'user' },
    schema: { tags, summary: 'One event, as a one-entry listing', params: eventParams },
    handler: async (request, reply) => {
      const view = await eventViewOr404(db, request.params.eventId);
      const data: EventList = { listofevents: [presentListing(view)] };
      return ok(reply, data, 'event fetched successfully');
    },
  });

  app.post(paths.events.create, {
    config: { access: 'user', upload: { field: 'thumbnail', kind: 'thumbnail' } },
    onRequest: [createPerUser],
    schema: { tags, summary: 'Host an event (multipart, thumbnail optional)', consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      const form = await readMultipart(request, app.fileStore);
      try {
        const body = parseOrThrow(createEventBody, form.fields);
        const view = await createEvent(db, request.user!, body, form.file);
        return ok(reply, { event: presentEvent(view.row) }, MESSAGES.eventCreated, 201);
      } catch (err) {
        // A refused event leaves no thumbnail behind.
        if (form.file) await app.fileStore.delete(form.file.key);
        throw err;
      }
    },
  });

  app.delete(`${API_PREFIX}/events/delete-event/:eventId`, {
    config: { access: 'user' },
    schema: { tags, summary: 'Delete an event and its thumbnail (host)', params: eventParams },
    handler: async (request, reply) => {
      const event = await eventOr404(db, request.params.eventId);
      assertHost(request.user!, event);
      removeLater(await deleteEvent(db, event), request.log);
      return ok(reply, {}, 'event deleted successfully');
    },
  });

  app.post(paths.events.draftDescription, {
    config: { access: 'user' },
    // After validation: a malformed request does not use up the caller's drafts.
    preHandler: [draftPerUser],
    schema: { tags, summary: 'Draft an event description from its title with the configured text generator', body: draftDescriptionBody },
    handler: async (request, reply) => {
      if (!generator) throw serviceUnavailable('description drafting is not configured on this server');
      let text: string;
      try {
        text = await generator.draft(eventDescriptionPrompt(request.body.title), AbortSignal.timeout(config.textgen.timeoutMs));
      } catch (err) {
        if (!(err instanceof TextGenError)) {
          request.log.error({ err }, 'text generator failed unexpectedly');
          throw badGateway('the text generator could not draft a description; try again or write your own');
        }
        request.log.warn({ provider: config.textgen.provider, reason: err.reason, status: err.status, detail: err.message }, 'text generator failed');
        throw badGateway(
          err.reason === 'timeout'
            ? 'the text generator did not answer in time; try again or write your own description'
            : 'the text generator could not draft a description; try again or write your own',
        );
      }
      const description = fitDescription(text);
      if (description === '') throw badGateway('the text generator could not draft a description; try again or write your own');
      const data: DraftedDescription = { description };
      return ok(reply, data, 'description drafted successfully');
    },
  });
}
