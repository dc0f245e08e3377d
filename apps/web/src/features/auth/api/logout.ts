import { api } from '@campus/contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, call } from '../../../lib/api';
import { LOGGED_OUT_STATE, LOGIN_PATH } from '../return-to';
import { forgetUser, setLogoutPending } from '../session';

/**
 * POST logout, then land on the login page saying "You have logged out." (with no way back to
 * the page left, which was the previous user's), and forget the user and every cached answer
 * made for them.
 */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const loggedOut = () => {
    navigate(LOGIN_PATH, { state: LOGGED_OUT_STATE });
    forgetUser(client, { byLogout: true });
  };
  return useMutation({
    mutationFn: () => call(api.users.logout, { quiet401: true }),
    onMutate: () => setLogoutPending(true),
    onSettled: () => setLogoutPending(false),
    onSuccess: loggedOut,
    onError: (err) => {
      // A 401 means the session had already ended: logged out all the same. Any other
      // failure leaves the session alive on the server, so the user stays logged in here
      // and sees the error rather than a logout that did not happen.
      if (err instanceof ApiError && err.status === 401) loggedOut();
    },
  });
}
