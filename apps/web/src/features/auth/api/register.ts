import { paths, type User } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api';

export function useRegister() {
  return useMutation({
    mutationFn: (form: FormData) => request<User>(paths.users.register, { method: 'POST', body: form }),
  });
}
