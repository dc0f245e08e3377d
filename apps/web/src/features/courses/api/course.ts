import { api } from '@campus/contract/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseKeys } from '../keys';

/** GET getcourse/:courseId: the course and its owner's name. */
export function useCourse(courseId: string) {
  return useQuery({
    queryKey: courseKeys.course(courseId),
    queryFn: async ({ signal }) => (await call(api.courses.get, { params: { courseId }, signal })).data,
  });
}
