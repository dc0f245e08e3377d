import { paths } from '@campus/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { eventKeys, eventsKey } from '../keys';

/**
 * DELETE delete-event/:eventId (the host). The event itself is forgotten (asking again would
 * be a 404) and every list that held it goes stale.
 */
export function useDeleteEvent(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<object>(paths.events.delete(eventId), { method: 'DELETE' }),
    onSuccess: async () => {
      await client.cancelQueries({ queryKey: eventKeys.event(eventId) });
      client.removeQueries({ queryKey: eventKeys.event(eventId) });
      await client.invalidateQueries({ queryKey: eventsKey });
    },
  });
}
