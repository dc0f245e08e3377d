import { paths } from '@campus/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/api';
import { forgetUser } from '../session';

/** POST logout, then forget the user and every cached answer made for them. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<object>(paths.users.logout, { method: 'POST', quiet401: true }),
    onSuccess: () => forgetUser(client),
    onError: (err) => {
      // A 401 means the session had already ended: logged out all the same. Any other
      // failure leaves the session alive on the server, so the user stays logged in here
      // and sees the error rather than a logout that did not happen.
      if (err instanceof ApiError && err.status === 401) forgetUser(client);
    },
  });
}
