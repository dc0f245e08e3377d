import { api } from '@campus/contract/api';
import type { Endpoint } from '@campus/contract/endpoint';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { eventKeys, type EventListKind } from '../keys';

const LISTINGS = { today: api.events.today, other: api.events.other, all: api.events.all, mine: api.events.mine } satisfies Record<EventListKind, Endpoint>;

/**
 * Other users host events at any time and nobody is notified of them, so a listing refetches
 * each time a page shows it (the cached list stays on screen meanwhile) instead of trusting the
 * app-wide 30 s freshness: an event hosted a moment ago is on the next page opened.
 */
const EVERY_SHOWING = 0;

/** GET today-events, other-events, all-events or my-events: data.listofevents. */
export function useEventList(kind: EventListKind) {
  return useQuery({
    queryKey: eventKeys.list(kind),
    queryFn: async ({ signal }) => (await call(LISTINGS[kind], { signal })).data.listofevents,
    staleTime: EVERY_SHOWING,
  });
}

/**
 * /other-events with its search box: the plain listing while the box is empty, searchbytitle
 * once a title is typed. The signal is passed on, so a search that the next one replaces is
 * aborted (one request at a time); the previous answer stays on screen meanwhile.
 */
export function useOtherEvents(title: string) {
  const searched = title.trim();
  return useQuery({
    queryKey: searched ? eventKeys.search(searched) : eventKeys.list('other'),
    queryFn: async ({ signal }) => {
      const { data } = searched ? await call(api.events.byTitle, { query: { title: searched }, signal }) : await call(api.events.other, { signal });
      return data.listofevents;
    },
    placeholderData: keepPreviousData,
    staleTime: EVERY_SHOWING,
  });
}
