import { api } from '@campus/contract/api';
import type { Branch } from '@campus/contract/constants';
import type { User } from '@campus/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { setCurrentUser } from '../session';

export interface Cohort {
  semester: number;
  branch: Branch;
}

/**
 * PATCH update-account with the semester and branch a student chose on /welcome. The body's
 * email and name are the account's own, sent back unchanged (the endpoint takes them every time;
 * a managed account's name is the registrar's, and the same value is no change). The answer
 * becomes the current user, so the welcome gate lets her through at once.
 */
export function useChooseCohort(user: User) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cohort: Cohort) => call(api.users.updateAccount, { body: { email: user.email, fullname: user.fullname, ...cohort } }),
    onSuccess: ({ data }) => setCurrentUser(client, data.user),
  });
}
