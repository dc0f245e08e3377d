/**
 * Every event query lives under this prefix, so creating or deleting an event marks every list
 * (today, other, all, mine, each search) and the home sections stale with one invalidation.
 */
export const eventsKey = ['events'] as const;

/** The four event listings (docs/product.md#events). */
export type EventListKind = 'today' | 'other' | 'all' | 'mine';

export const eventKeys = {
  list: (kind: EventListKind) => [...eventsKey, 'list', kind] as const,
  search: (title: string) => [...eventsKey, 'search', title] as const,
  event: (eventId: string) => [...eventsKey, 'event', eventId] as const,
};
