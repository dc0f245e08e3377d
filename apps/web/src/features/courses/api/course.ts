import type { CourseWithOwner } from '@campus/contract/courses';
import { paths } from '@campus/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { courseKeys } from '../keys';

/** GET getcourse/:courseId: the course and its owner's name. */
export function useCourse(courseId: string) {
  return useQuery({
    queryKey: courseKeys.course(courseId),
    queryFn: async ({ signal }) => (await request<CourseWithOwner>(paths.courses.get(courseId), { signal })).data,
  });
}
