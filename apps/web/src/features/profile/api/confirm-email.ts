import { api } from '@campus/contract/api';
import type { User } from '@campus/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { currentUserKey, setCurrentUser } from '../../auth';

/**
 * POST confirm-email with the emailed link's token (no login needed: the token is the
 * credential). This browser may be logged in as that user, as someone else or as nobody: only
 * that user's own copy takes the new address.
 */
export function useConfirmEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(api.users.confirmEmail, { body: { token } }),
    onSuccess: ({ data }) => {
      if (client.getQueryData<User | null>(currentUserKey)?._id !== data.user._id) return;
      setCurrentUser(client, data.user);
    },
  });
}
