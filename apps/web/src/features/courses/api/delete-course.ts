import { api } from '@campus/contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseKeys, coursesKey } from '../keys';

/**
 * DELETE deletecourse/:courseId. The course, its students and notes are forgotten (asking
 * again would only get 404s); the lists that held it go stale. The page stops reading the
 * course before this runs (see CoursePage), so nothing asks for it again.
 */
export function useDeleteCourse(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.courses.delete, { params: { courseId } }),
    onSuccess: async () => {
      await client.cancelQueries({ queryKey: courseKeys.course(courseId) });
      client.removeQueries({ queryKey: courseKeys.course(courseId) });
      await client.invalidateQueries({ queryKey: coursesKey });
    },
  });
}
