import type { EventList, EventListing } from '@campus/contract/events';
import { paths } from '@campus/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/api';
import { eventKeys } from '../keys';

/** GET get-event/:eventId: the first entry of data.listofevents (an empty list is a 404 too). */
export function useEvent(eventId: string) {
  return useQuery({
    queryKey: eventKeys.event(eventId),
    queryFn: async ({ signal }): Promise<EventListing> => {
      const [first] = (await request<EventList>(paths.events.get(eventId), { signal })).data.listofevents;
      if (!first) throw new ApiError(404, 'event not found');
      return first;
    },
  });
}
