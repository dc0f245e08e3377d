import { api } from '@campus/contract/api';
import type { ForgotPasswordBody, ResetPasswordBody } from '@campus/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { forgetUser } from '../session';

/** POST forgot-password: the server answers the same whether or not the account exists. */
export const useForgotPassword = () => useMutation({ mutationFn: (body: ForgotPasswordBody) => call(api.users.forgotPassword, { body }) });

/**
 * POST reset-password with the emailed link's token. Every session of the account ends, this
 * browser's included if it had one: the user it kept is forgotten.
 */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => call(api.users.resetPassword, { body }),
    onSuccess: () => forgetUser(client),
  });
}
