import { api } from '@campus/contract/api';
import type { UpdateAccountBody, User } from '@campus/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ApiResult } from '../../../lib/api';
import { setCurrentUser } from '../../auth';

/** A mutation whose answer is the updated user: it becomes the current user and the kept copy. */
export function useUserUpdate<V>(send: (variables: V) => Promise<ApiResult<{ user: User }>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ data }) => setCurrentUser(client, data.user),
  });
}

/** PATCH update-account (JSON {email, fullname, branch, semester}). */
export const useUpdateAccount = () =>
  useUserUpdate((body: UpdateAccountBody) => call(api.users.updateAccount, { body }));
