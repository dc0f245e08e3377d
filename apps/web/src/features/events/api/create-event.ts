import type { CampusEvent } from '@campus/contract/events';
import { paths } from '@campus/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/api';
import { eventsKey } from '../keys';

/** POST create-event (multipart, optional thumbnail) with upload percent for the bar. Every list may now hold it. */
export function useCreateEvent(onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => upload<{ event: CampusEvent }>(paths.events.create, form, { onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: eventsKey }),
  });
}
