import { api } from '@campus/contract/api';
import type { ChangePasswordBody } from '@campus/contract/users';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** POST change-password (JSON {oldpassword, newpassword}). The server ends the user's other sessions; this one stays. */
export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => call(api.users.changePassword, { body }) });
