import { api } from '@campus/contract/api';
import type { CourseWithOwner, UpdateCourseInput } from '@campus/contract/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseKeys, coursesKey } from '../keys';

/**
 * PATCH updatecourse/:courseId (JSON; examDate null clears it). The answer is the new course:
 * it replaces the page's copy at once (the owner's name is unchanged), and the lists go stale.
 */
export function useUpdateCourse(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCourseInput) => call(api.courses.update, { params: { courseId }, body }),
    onSuccess: ({ data }) => {
      client.setQueryData<CourseWithOwner>(courseKeys.course(courseId), (old) => (old ? { ...old, course: data.course } : old));
      return client.invalidateQueries({ queryKey: coursesKey });
    },
  });
}
