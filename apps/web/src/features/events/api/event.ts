import { api } from '@campus/contract/api';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api';
import { eventKeys } from '../keys';

/** GET get-event/:eventId: the first entry of data.listofevents (an empty list is a 404 too). */
export function useEvent(eventId: string) {
  return useQuery({
    queryKey: eventKeys.event(eventId),
    queryFn: async ({ signal }) => {
      const [first] = (await call(api.events.get, { params: { eventId }, signal })).data.listofevents;
      if (!first) throw new ApiError(404, 'event not found', undefined, 'event_not_found');
      return first;
    },
  });
}
