import { paths } from '@campus/contract/paths';
import type { ChangePasswordBody } from '@campus/contract/users';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api';

/** POST change-password (JSON {oldpassword, newpassword}). The server ends the user's other sessions; this one stays. */
export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => request<object>(paths.users.changePassword, { method: 'POST', body }) });
