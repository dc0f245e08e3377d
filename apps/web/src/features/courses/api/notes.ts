import { api } from '@campus/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseKeys } from '../keys';

/** GET notesofcourse/:courseId. Only mounted for the course's readers: a student who has not joined is never asking. */
export function useNotesOfCourse(courseId: string) {
  return useQuery({
    queryKey: courseKeys.notes(courseId),
    queryFn: async ({ signal }) => (await call(api.notes.ofCourse, { params: { courseId }, signal })).data.notesofcourse,
  });
}

/** POST create-notes/:courseId (multipart filename + notesfile), reporting upload percent for the bar. */
export function useAddNotes(courseId: string, onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call(api.notes.create, { params: { courseId }, form, onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: courseKeys.notes(courseId) }),
  });
}

/** DELETE delete-notes/:notesId (the course's owner): the note and its file go; the list goes stale. */
export function useDeleteNotes(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notesId: string) => call(api.notes.delete, { params: { notesId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: courseKeys.notes(courseId) }),
  });
}
