import type { Course, CourseWithOwner, UpdateCourseBody } from '@campus/contract/courses';
import { paths } from '@campus/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { courseKeys, coursesKey } from '../keys';

/**
 * PATCH updatecourse/:courseId (JSON; examDate null clears it). The answer is the new course:
 * it replaces the page's copy at once (the owner's name is unchanged), and the lists go stale.
 */
export function useUpdateCourse(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCourseBody) => request<{ course: Course }>(paths.courses.update(courseId), { method: 'PATCH', body }),
    onSuccess: ({ data }) => {
      client.setQueryData<CourseWithOwner>(courseKeys.course(courseId), (old) => (old ? { ...old, course: data.course } : old));
      return client.invalidateQueries({ queryKey: coursesKey });
    },
  });
}
