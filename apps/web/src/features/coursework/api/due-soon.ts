import { api } from '@campus/contract/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseworkKeys } from '../keys';

/** GET /coursework/due-soon: the home card's work not yet handed in, soonest first (its own file: the card's chunk carries it alone). */
export function useDueSoon() {
  return useQuery({
    queryKey: courseworkKeys.dueSoon,
    queryFn: async ({ signal }) => (await call(api.coursework.dueSoon, { signal })).data.assignments,
  });
}
