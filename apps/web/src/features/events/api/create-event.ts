import { api } from '@campus/contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { eventsKey } from '../keys';

/** POST create-event (multipart, optional thumbnail) with upload percent for the bar. Every list may now hold it. */
export function useCreateEvent(onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call(api.events.create, { form, onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: eventsKey }),
  });
}
