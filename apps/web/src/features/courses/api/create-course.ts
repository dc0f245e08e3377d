import { api } from '@campus/contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { coursesKey } from '../keys';

/** POST create-course (multipart, with the optional thumbnail). A new course appears in lists: they go stale. */
export function useCreateCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call(api.courses.create, { form }),
    onSuccess: () => client.invalidateQueries({ queryKey: coursesKey }),
  });
}
