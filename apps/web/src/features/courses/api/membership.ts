import { api } from '@campus/contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { coursesKey } from '../keys';

/**
 * PATCH addstudenttocourse / removestudentfromcourse (no body). Membership shows in every list,
 * the course page, its enrolled list and the hall ticket, so all course queries go stale. The
 * invalidation is returned, so the button stays pending until the new membership is on screen
 * (no flash of the old label).
 */
export function useMembership(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'join' | 'leave') =>
      call(action === 'join' ? api.courses.join : api.courses.leave, { params: { courseId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: coursesKey }),
  });
}
