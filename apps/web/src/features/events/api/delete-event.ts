import { api } from '@campus/contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { eventKeys, eventsKey } from '../keys';

/**
 * DELETE delete-event/:eventId (the host). The event itself is forgotten (asking again would
 * be a 404) and every list that held it goes stale.
 */
export function useDeleteEvent(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.events.delete, { params: { eventId } }),
    onSuccess: async () => {
      await client.cancelQueries({ queryKey: eventKeys.event(eventId) });
      client.removeQueries({ queryKey: eventKeys.event(eventId) });
      await client.invalidateQueries({ queryKey: eventsKey });
    },
  });
}
