import type { Course } from '@campus/contract/courses';
import { paths } from '@campus/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
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
      request<{ course: Course }>(action === 'join' ? paths.courses.join(courseId) : paths.courses.leave(courseId), { method: 'PATCH' }),
    onSuccess: () => client.invalidateQueries({ queryKey: coursesKey }),
  });
}
