import { api } from '@campus/contract/api';
import type { CourseWithOwner } from '@campus/contract/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseKeys, coursesKey } from '../keys';

/**
 * PATCH updatecoursethumbnail/:courseId (multipart thumbnail, the owner), reporting upload percent
 * for the bar. The answer is the course with its new thumbnail: it replaces the page's copy at
 * once, and the lists, which show thumbnails too, go stale.
 */
export function useUpdateCourseThumbnail(courseId: string, onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call(api.courses.updateThumbnail, { params: { courseId }, form, onProgress }),
    onSuccess: ({ data }) => {
      client.setQueryData<CourseWithOwner>(courseKeys.course(courseId), (old) => (old ? { ...old, course: data.course } : old));
      return client.invalidateQueries({ queryKey: coursesKey });
    },
  });
}
