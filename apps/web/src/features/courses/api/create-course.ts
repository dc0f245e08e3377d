import { api } from '@campus/contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { coursesKey } from '../keys';

/** POST create-course (multipart, with the optional thumbnail) with upload percent for the bar. A new course appears in lists: they go stale. */
export function useCreateCourse(onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call(api.courses.create, { form, onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: coursesKey }),
  });
}
