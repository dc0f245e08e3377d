import { hash } from 'node:crypto';
import { SUCCESSES, api, paths, todayIn } from '@campus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { publicOrigin } from '../../platform/http/public-origin';
import { limitReached } from '../../platform/limits/limiter';
import { calendarOf, feedOwner, feedToken, resetFeed } from './calendar.service';

const { calendar } = api;
const route = contractRoutes('calendar');

/** Calendar apps may keep the feed 5 minutes before asking again, and then ask with its ETag. */
const CACHE_CONTROL = 'private, max-age=300';

/** Whether If-None-Match names `tag` (weak comparison, RFC 9110 §13.1.2; `*` matches any). */
function matches(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(tag));
}

/** The calendar feed (docs/product.md#the-calendar-feed): the address (logged in), a new one, and the feed itself (the token is the credential). */
export async function calendarRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { config } = app;
  const feedUrl = (request: FastifyRequest, token: string) => `${publicOrigin(request)}${paths.calendar.ics(token)}`;

  // Counted per feed, not per address: Google's and Microsoft's servers fetch thousands of
  // people's feeds from a handful of addresses, which a per-address limit would refuse together.
  // Counted once the token opened a feed, under its owner: made-up tokens (guessing 256 bits needs
  // no limit to fail) cost one indexed lookup each and fill no counters.
  const perFeed = async (reply: FastifyReply, ownerId: string) => {
    const limit = config.rateLimits.calendarPerFeed;
    const { count, resetInMs } = await app.counters.increment(`calendar-feed:${ownerId}`, limit.windowMs);
    if (count > limit.max) limitReached(reply, 'calendar_feed', resetInMs);
  };

  app.route({
    ...route(calendar.feed, { access: 'user' }),
    handler: async (request, reply) => {
      const token = await feedToken(db, app.appSecret, request.user!.id);
      return ok(reply, { url: feedUrl(request, token) }, 'calendar feed fetched successfully');
    },
  });

  app.route({
    ...route(calendar.reset, { access: 'user' }),
    handler: async (request, reply) => {
      const token = await resetFeed(db, app.appSecret, request.user!.id);
      return ok(reply, { url: feedUrl(request, token) }, SUCCESSES.feedReset);
    },
  });

  app.route({
    ...route(calendar.ics, { access: 'anyone', secretUrl: true }),
    handler: async (request, reply) => {
      const owner = await feedOwner(db, request.params.token);
      // Unknown, revoked and malformed tokens alike: nothing says which, or that a feed was here.
      if (!owner) throw refuse('not_found');
      await perFeed(reply, owner.id);
      const today = todayIn(config.campusTimeZone, config.now());
      const body = await calendarOf(db, owner, { zone: config.campusTimeZone, today, origin: publicOrigin(request) });
      // Weak: the same calendar may go out compressed or not (RFC 9110 §8.8.3).
      const tag = `W/"${hash('sha256', body, 'base64url')}"`;
      reply.header('etag', tag).header('cache-control', CACHE_CONTROL).header('vary', 'accept-encoding');
      if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="campus-portal.ics"')
        .send(body);
    },
  });
}
