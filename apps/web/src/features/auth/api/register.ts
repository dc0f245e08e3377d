import { paths } from '@campus/contract/paths';
import type { User } from '@campus/contract/users';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api';

/** POST register (multipart, with the avatar file). It does not log in: the page sends the user to /login. */
export function useRegister() {
  return useMutation({
    mutationFn: (form: FormData) => request<User>(paths.users.register, { method: 'POST', body: form }),
  });
}
