import type { Course } from '@campus/contract/courses';
import { paths } from '@campus/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/api';
import { coursesKey } from '../keys';

/** POST create-course (multipart, with the optional thumbnail). A new course appears in lists: they go stale. */
export function useCreateCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => upload<{ course: Course }>(paths.courses.create, form),
    onSuccess: () => client.invalidateQueries({ queryKey: coursesKey }),
  });
}
