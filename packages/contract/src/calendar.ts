/** The private calendar feed (docs/product.md#the-calendar-feed): its address, and the iCalendar file there. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { API_PREFIX } from './prefix';

/** The feeds are served here, outside /api: calendar apps fetch them without a session. */
export const CALENDAR_PREFIX = '/calendar';

/** The user's feed address: an absolute http(s) URL ending in `.ics`, the secret token in it. */
export const calendarFeedSchema = z.object({ url: z.string() }).meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

const C = `${API_PREFIX}/calendar`;

/** The calendar feed's endpoints. */
export const calendarApi = {
  feed: endpoint({ method: 'GET', path: `${C}/feed`, summary: 'My private calendar feed address (created on the first call)', data: calendarFeedSchema }),
  reset: endpoint({ method: 'POST', path: `${C}/feed/reset`, summary: 'A new address for my calendar feed; the old one stops working (404)', data: calendarFeedSchema }),
  ics: endpoint({
    method: 'GET',
    path: `${CALENDAR_PREFIX}/:token.ics`,
    summary: 'A calendar feed (text/calendar, RFC 5545): the campus events and the exam dates of its owner’s courses; the token is the credential; ETag and 304',
    // No envelope: the answer is the iCalendar text.
    data: z.never(),
    produces: 'text/calendar',
    // not_found: an unknown or revoked token (nothing says which); rate_limited: polled too often.
    errors: ['not_found', 'rate_limited'],
  }),
};
