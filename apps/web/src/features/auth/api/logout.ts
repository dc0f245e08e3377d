import { paths } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { currentUserKey, rememberUser } from '../session';

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => request<object>(paths.users.logout, { method: 'POST', quiet401: true }),
    // Logged out either way: a 401 means the session had already ended.
    onSettled: () => {
      rememberUser(null);
      qc.setQueryData(currentUserKey, null);
      // Drop every other user's data; the mounted header keeps observing current-user (now null).
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserKey[0] && q.queryKey[0] !== 'portal-config' });
    },
  });
}
