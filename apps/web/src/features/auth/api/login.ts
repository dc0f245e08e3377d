import { api } from '@campus/contract/api';
import type { LoginBody } from '@campus/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { forgetSavedAnswers, setCurrentUser } from '../session';

/** POST login (JSON): the answer's user becomes the current user and the kept copy. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    // A 401 here means "wrong id or password", shown on the form; it is not a lost session.
    mutationFn: (body: LoginBody) => call(api.users.login, { body, quiet401: true }),
    // A password began this session: no campus provider. Whatever the service worker saved of
    // a previous session (someone who closed the tab without logging out) goes.
    onSuccess: ({ data }) => {
      forgetSavedAnswers();
      setCurrentUser(client, data.user, null);
    },
  });
}
