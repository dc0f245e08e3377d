import { paths, type ChangePasswordBody } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api';

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => request<object>(paths.users.changePassword, { method: 'POST', body }) });
