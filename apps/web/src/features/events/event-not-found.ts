import { pages } from '@campus/contract/pages';

/** What the event's page and its edit page show for an event that is not there (a stale link, a deleted event). */
export const EVENT_NOT_FOUND = { title: 'Event not found', detail: 'It may have been deleted.', back: { to: pages.events, label: 'All Events' } };
