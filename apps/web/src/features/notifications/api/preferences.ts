import { api } from '@campus/contract/api';
import type { NotificationPreferences, UnsubscribeScope, UnsubscribeStatus, UpdatePreferencesBody } from '@campus/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { preferencesKey, unsubscribeStatusKey } from '../keys';

/** GET preferences: how each kind of notification reaches the user. */
export function usePreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: async ({ signal }): Promise<NotificationPreferences> => (await call(api.notifications.preferences, { signal })).data.preferences,
  });
}

const updateKey = [...preferencesKey, 'update'] as const;

/**
 * PATCH preferences with the kinds changed. The choice shows at once; the saves go one after
 * another (one scope), so a quick second choice cannot be overtaken by the first's answer; the
 * last answer (all the kinds) is what the page keeps, and a failure reloads what is saved.
 */
export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: updateKey,
    scope: { id: 'notification-preferences' },
    mutationFn: async (changes: UpdatePreferencesBody) => (await call(api.notifications.updatePreferences, { body: changes })).data.preferences,
    onMutate: (changes) => {
      client.setQueryData<NotificationPreferences>(preferencesKey, (current) => (current ? { ...current, ...changes } : current));
    },
    onSuccess: (preferences) => {
      // Another save still to come: its own answer will be the last word.
      if (client.isMutating({ mutationKey: updateKey }) <= 1) client.setQueryData(preferencesKey, preferences);
    },
    onError: () => client.invalidateQueries({ queryKey: preferencesKey }),
  });
}

/** POST unsubscribe: the email's signed token, no login; the page confirms first. */
export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<UnsubscribeScope> =>
      (await call(api.notifications.unsubscribe, { query: { token }, body: { 'List-Unsubscribe': 'One-Click' } })).data.scope,
    // A logged-in user's settings page must not show the old choice.
    onSuccess: () => client.invalidateQueries({ queryKey: preferencesKey }),
  });
}

/**
 * GET unsubscribe/status: what the link turns off and whether that is off already. It changes
 * nothing, so the page asks it before showing anything; a 400 means the link is broken.
 */
export function useUnsubscribeStatus(token: string) {
  return useQuery({
    queryKey: unsubscribeStatusKey(token),
    queryFn: async ({ signal }): Promise<UnsubscribeStatus> => (await call(api.notifications.unsubscribeStatus, { query: { token }, signal })).data,
    enabled: token !== '',
  });
}
