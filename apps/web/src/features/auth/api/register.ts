import { api } from '@campus/contract/api';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** POST register (multipart, with the avatar file). It does not log in: the signup page then logs in with useLogin. */
export function useRegister() {
  return useMutation({
    mutationFn: (form: FormData) => call(api.users.register, { form }),
  });
}
