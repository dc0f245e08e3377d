import { z } from 'zod';
import { calendarDateField, requiredText, textField } from './fields';
import { fieldLabel as label, requiredMessage } from './labels';

export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_VENUE_MAX = 200;
export const EVENT_LINK_MAX = 2000;

/** `HH:MM`, 00:00 to 23:59 (API.md "Events"). */
export const eventTimeField = textField('time', requiredMessage('time'))
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${label('time')} must be HH:MM between 00:00 and 23:59` });

/**
 * An optional link: absent or empty means none (multipart forms send ''); otherwise an absolute
 * http(s) URL, so a `javascript:` link can never reach a page.
 */
export const eventLinkField = (field: string) =>
  textField(field)
    .trim()
    .max(EVENT_LINK_MAX, { error: `${label(field)} must be at most ${EVENT_LINK_MAX} characters` })
    .refine((v) => v === '' || isHttpUrl(v), { error: `${label(field)} must start with http:// or https://` })
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
  title: requiredText('title', EVENT_TITLE_MAX),
  description: requiredText('description', EVENT_DESCRIPTION_MAX),
  date: calendarDateField('date'),
  time: eventTimeField,
  venue: requiredText('venue', EVENT_VENUE_MAX),
  instagram: eventLinkField('instagram'),
  twitter: eventLinkField('twitter'),
  linkedin: eventLinkField('linkedin'),
  gform: eventLinkField('gform'),
});
export type CreateEventBody = z.infer<typeof createEventBody>;
export type CreateEventInput = z.input<typeof createEventBody>;

/** GET /events/searchbytitle?title= (matched literally, case-insensitively; '' finds every other event). */
export const eventSearchQuery = z.object({
  title: textField('title').max(EVENT_TITLE_MAX, { error: `${label('title')} must be at most ${EVENT_TITLE_MAX} characters` }).default(''),
});

/** POST /events/draft-description */
export const draftDescriptionBody = z.object({ title: requiredText('title', EVENT_TITLE_MAX) });
export type DraftDescriptionBody = z.infer<typeof draftDescriptionBody>;

/** An event as JSON (API.md "Events"). Links absent are ''; `thumbnail` is a /files URL or ''. */
export interface CampusEvent {
  _id: string;
  title: string;
  description: string;
  /** The calendar day, `YYYY-MM-DD`: format it without a Date in the browser's zone. */
  date: string;
  /** `HH:MM` */
  time: string;
  venue: string;
  thumbnail: string;
  owner: string;
  instagram: string;
  twitter: string;
  linkedin: string;
  gform: string;
  createdAt: string;
  updatedAt: string;
}

/** One entry of an event listing: the event with its host's name and avatar. */
export interface EventListing {
  events: CampusEvent;
  fullname: string;
  avatar: string;
}

export interface EventList {
  listofevents: EventListing[];
}

export interface DraftedDescription {
  description: string;
}
