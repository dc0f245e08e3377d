import { z } from 'zod';
import { endpoint } from './endpoint';
import { emptyData } from './envelope';
import { calendarDateField, requiredLine, requiredText, textField } from './fields';
import { refusalMessage as says, requiredMessage } from './refusals';
import { API_PREFIX } from './prefix';

export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_VENUE_MAX = 200;
export const EVENT_LINK_MAX = 2000;

/** `HH:MM`, 00:00 to 23:59. */
export const eventTimeField = textField('time', requiredMessage('time'))
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: says('time_invalid', { field: 'time' }) });

/**
 * An optional link: absent or empty means none (multipart forms send ''); otherwise an absolute
 * http(s) URL, so a `javascript:` link can never reach a page.
 */
export const eventLinkField = (field: string) =>
  textField(field)
    .trim()
    .max(EVENT_LINK_MAX, { error: says('too_many_characters', { field, params: { max: EVENT_LINK_MAX } }) })
    .refine((v) => v === '' || isHttpUrl(v), { error: says('link_invalid', { field }) })
    .optional()
    .transform((v) => v ?? '');

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** POST /events/create-event: the text fields of the multipart body (the thumbnail travels beside them). */
export const createEventBody = z.object({
  title: requiredLine('title', EVENT_TITLE_MAX),
  description: requiredText('description', EVENT_DESCRIPTION_MAX),
  date: calendarDateField('date'),
  time: eventTimeField,
  venue: requiredLine('venue', EVENT_VENUE_MAX),
  instagram: eventLinkField('instagram'),
  twitter: eventLinkField('twitter'),
  linkedin: eventLinkField('linkedin'),
  gform: eventLinkField('gform'),
});
export type CreateEventBody = z.infer<typeof createEventBody>;
export type CreateEventInput = z.input<typeof createEventBody>;

/**
 * PATCH /events/update-event/:eventId: the same fields, checked the same way (an edit sends the
 * whole event, as create does); a thumbnail beside them replaces the old one, none keeps it.
 */
export const updateEventBody = createEventBody;
export type UpdateEventBody = CreateEventBody;

/** GET /events/searchbytitle?title= (matched literally, case-insensitively; '' finds every other event). */
export const eventSearchQuery = z.object({
  title: textField('title').max(EVENT_TITLE_MAX, { error: says('too_many_characters', { field: 'title', params: { max: EVENT_TITLE_MAX } }) }).default(''),
});

/** POST /events/draft-description */
export const draftDescriptionBody = z.object({ title: requiredLine('title', EVENT_TITLE_MAX) });
export type DraftDescriptionBody = z.infer<typeof draftDescriptionBody>;

/** An event as JSON. Links absent are ''; `thumbnail` is a /files URL or ''. */
export const campusEventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The calendar day, `YYYY-MM-DD`: format it without a Date in the browser's zone. */
  date: z.string(),
  /** `HH:MM` */
  time: z.string(),
  venue: z.string(),
  thumbnail: z.string(),
  owner: z.string(),
  instagram: z.string(),
  twitter: z.string(),
  linkedin: z.string(),
  gform: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'CampusEvent' });
export type CampusEvent = z.infer<typeof campusEventSchema>;

/** One entry of an event listing: the event with its host's name and avatar. */
export const eventListingSchema = z.object({
  events: campusEventSchema,
  fullname: z.string(),
  avatar: z.string(),
}).meta({ id: 'EventListing' });
export type EventListing = z.infer<typeof eventListingSchema>;

export const eventListSchema = z.object({ listofevents: z.array(eventListingSchema) });
export type EventList = z.infer<typeof eventListSchema>;

/** What creating or editing an event answers: the event as stored. */
export const eventEnvelopeData = z.object({ event: campusEventSchema });

export const draftedDescriptionSchema = z.object({ description: z.string() });
export type DraftedDescription = z.infer<typeof draftedDescriptionSchema>;

const E = `${API_PREFIX}/events`;

/** The events endpoints. */
export const eventsApi = {
  today: endpoint({ method: 'GET', path: `${E}/today-events`, summary: "Today's events in the campus time zone (CAMPUS_TZ), by time", data: eventListSchema }),
  other: endpoint({ method: 'GET', path: `${E}/other-events`, summary: 'Events of every other day: upcoming soonest first, then past latest first', data: eventListSchema }),
  all: endpoint({ method: 'GET', path: `${E}/all-events`, summary: 'Every event, by date and time', data: eventListSchema }),
  mine: endpoint({ method: 'GET', path: `${E}/my-events`, summary: 'The events the caller hosts, by date and time', data: eventListSchema }),
  byTitle: endpoint({
    method: 'GET',
    path: `${E}/searchbytitle`,
    summary: 'Other events whose title contains the text, ignoring case, taken literally',
    query: eventSearchQuery,
    data: eventListSchema,
  }),
  get: endpoint({ method: 'GET', path: `${E}/get-event/:eventId`, summary: 'One event, as a one-entry listing', data: eventListSchema, errors: ['event_not_found'] }),
  create: endpoint({
    method: 'POST',
    path: `${E}/create-event`,
    summary: 'Host an event (thumbnail optional)',
    multipart: { fields: createEventBody, file: { field: 'thumbnail', kind: 'thumbnail', required: false } },
    data: eventEnvelopeData,
    status: 201,
    errors: ['event_day_past', 'event_time_past', 'rate_limited'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${E}/update-event/:eventId`,
    summary: 'Edit an event (host): every field as create-event takes it; a thumbnail replaces the old one, none keeps it',
    multipart: { fields: updateEventBody, file: { field: 'thumbnail', kind: 'thumbnail', required: false } },
    data: eventEnvelopeData,
    errors: ['event_not_found', 'event_host_only_edit', 'event_day_past', 'event_time_past'],
  }),
  delete: endpoint({ method: 'DELETE', path: `${E}/delete-event/:eventId`, summary: 'Delete an event and its thumbnail (host)', data: emptyData, errors: ['event_not_found', 'event_host_only'] }),
  draftDescription: endpoint({
    method: 'POST',
    path: `${E}/draft-description`,
    summary: 'Draft an event description from its title with the configured text generator (503 when none is configured, 502 when it fails)',
    body: draftDescriptionBody,
    data: draftedDescriptionSchema,
    errors: ['rate_limited', 'drafting_off', 'drafting_failed', 'drafting_timed_out'],
  }),
};
