import { paths, type UpdateAccountBody, type User } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { currentUserKey, rememberUser } from '../../auth/session';

/** Puts the user the server answers into the cache and the locally kept copy. */
export function useUserUpdate<V>(send: (v: V) => Promise<{ data: { user: User }; message: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ data }) => {
      rememberUser(data.user);
      qc.setQueryData(currentUserKey, data.user);
    },
  });
}

export const useUpdateAccount = () =>
  useUserUpdate((body: UpdateAccountBody) => request<{ user: User }>(paths.users.updateAccount, { method: 'PATCH', body }));
