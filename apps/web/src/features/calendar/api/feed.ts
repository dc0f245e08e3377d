import { api } from '@campus/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { calendarKeys } from '../keys';

/** GET calendar/feed: my private feed address (the server creates it on the first call). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarKeys.feed,
    queryFn: async ({ signal }) => (await call(api.calendar.feed, { signal })).data.url,
  });
}

/** POST calendar/feed/reset: a new address, which replaces the shown one; the old one stops working. */
export function useResetCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(api.calendar.reset)).data.url,
    onSuccess: (url) => client.setQueryData(calendarKeys.feed, url),
  });
}
