import type { DraftDescriptionBody, DraftedDescription } from '@campus/contract/events';
import { paths } from '@campus/contract/paths';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api';

/**
 * POST draft-description (JSON {title}): the server asks its text generator for about four
 * lines (503 when none is configured, 502 when it fails). Nothing cached changes.
 */
export function useDraftDescription() {
  return useMutation({
    mutationFn: async (body: DraftDescriptionBody) =>
      (await request<DraftedDescription>(paths.events.draftDescription, { method: 'POST', body })).data.description,
  });
}
