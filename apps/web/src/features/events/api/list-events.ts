import type { EventList, EventListing } from '@campus/contract/events';
import { paths } from '@campus/contract/paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { eventKeys, type EventListKind } from '../keys';

const LIST_PATHS: Record<EventListKind, string> = {
  today: paths.events.today,
  other: paths.events.other,
  all: paths.events.all,
  mine: paths.events.mine,
};

/**
 * Other users host events at any time and nobody is notified of them, so a listing refetches
 * each time a page shows it (the cached list stays on screen meanwhile) instead of trusting the
 * app-wide 30 s freshness: an event hosted a moment ago is on the next page opened.
 */
const EVERY_SHOWING = 0;

async function list(path: string, signal: AbortSignal): Promise<EventListing[]> {
  return (await request<EventList>(path, { signal })).data.listofevents;
}

/** GET today-events, other-events, all-events or my-events: data.listofevents. */
export function useEventList(kind: EventListKind) {
  return useQuery({
    queryKey: eventKeys.list(kind),
    queryFn: ({ signal }) => list(LIST_PATHS[kind], signal),
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
    queryFn: ({ signal }) =>
      list(searched ? `${paths.events.byTitle}?${new URLSearchParams({ title: searched })}` : paths.events.other, signal),
    placeholderData: keepPreviousData,
    staleTime: EVERY_SHOWING,
  });
}
