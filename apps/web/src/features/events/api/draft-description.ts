import { api } from '@campus/contract/api';
import type { DraftDescriptionBody } from '@campus/contract/events';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/**
 * POST draft-description (JSON {title}): the server asks its text generator for about four
 * lines (503 when none is configured, 502 when it fails). Nothing cached changes.
 */
export function useDraftDescription() {
  return useMutation({
    mutationFn: async (body: DraftDescriptionBody) => (await call(api.events.draftDescription, { body })).data.description,
  });
}
