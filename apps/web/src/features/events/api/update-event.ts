import { api } from '@campus/contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { eventsKey } from '../keys';

/**
 * PATCH update-event/:eventId (multipart; a thumbnail replaces the old one, none keeps it) with
 * upload percent for the bar. The event and every list that holds it go stale; the invalidation
 * is returned, so the event page opened next shows the change, not the copy from before.
 */
export function useUpdateEvent(eventId: string, onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call(api.events.update, { params: { eventId }, form, onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: eventsKey }),
  });
}
