import { paths, type LoginBody, type User } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { currentUserKey, rememberUser } from '../session';

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) =>
      request<{ user: User }>(paths.users.login, { method: 'POST', body, quiet401: true }),
    onSuccess: ({ data }) => {
      rememberUser(data.user);
      qc.setQueryData(currentUserKey, data.user);
    },
  });
}
