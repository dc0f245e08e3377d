import { api } from '@campus/contract/api';
import type { Assignment, MarkBody, UpdateAssignmentBody } from '@campus/contract/coursework';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { coursesKey } from '../../courses';
import { courseworkKey, courseworkKeys } from '../keys';

/** The owner's own queries, under the coursework prefix: one invalidation after a change reaches every coursework view. */
export const ownerKeys = {
  submissions: (assignmentId: string) => [...courseworkKeys.assignment(assignmentId), 'submissions'] as const,
  gradebook: (courseId: string) => [...courseworkKey, 'course', courseId, 'gradebook'] as const,
  /** The course itself, in the courses' cache (the same key as its own page, so one fetch serves both). */
  course: (courseId: string) => [...coursesKey, 'course', courseId] as const,
};

/** GET getcourse/:courseId: who owns the course, for the owner's pages to check before showing a form. */
export function useCourseOf(courseId: string, enabled = true) {
  return useQuery({
    queryKey: ownerKeys.course(courseId),
    queryFn: async ({ signal }) => (await call(api.courses.get, { params: { courseId }, signal })).data,
    enabled,
  });
}

/** POST /coursework/course/:courseId (multipart, with up to five attachments), reporting upload percent for the bar. */
export function useCreateAssignment(courseId: string, onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call(api.coursework.create, { params: { courseId }, form, onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: courseworkKey }),
  });
}

/**
 * PATCH /coursework/:assignmentId (JSON, only the fields that changed). The answer is the
 * assignment as it now is: it replaces the cached copy at once, and the rest goes stale.
 */
export function useUpdateAssignment(assignmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAssignmentBody) => call(api.coursework.update, { params: { assignmentId }, body }),
    onSuccess: ({ data }) => {
      client.setQueryData<Assignment>(courseworkKeys.assignment(assignmentId), data.assignment);
      return client.invalidateQueries({ queryKey: courseworkKey });
    },
  });
}

/**
 * DELETE /coursework/:assignmentId. Every coursework view goes stale without being asked again
 * now: the open assignment page would only get a 404 before the owner is taken to the course.
 */
export function useDeleteAssignment(assignmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.coursework.delete, { params: { assignmentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: courseworkKey, refetchType: 'none' }),
  });
}

/** GET /coursework/:assignmentId/submissions: one row per enrolled student. */
export function useSubmissions(assignmentId: string) {
  return useQuery({
    queryKey: ownerKeys.submissions(assignmentId),
    queryFn: async ({ signal }) => (await call(api.coursework.submissions, { params: { assignmentId }, signal })).data.rows,
  });
}

/** PUT /coursework/:assignmentId/marks/:studentId: a draft; the table and the gradebook go stale. */
export function useMarkStudent(assignmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: string; body: MarkBody }) => call(api.coursework.mark, { params: { assignmentId, studentId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: courseworkKey }),
  });
}

/** POST /coursework/:assignmentId/return: these students' drafts, or (none named) every draft not yet returned. */
export function useReturnMarks(assignmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (studentIds?: string[]) => call(api.coursework.return, { params: { assignmentId }, body: studentIds ? { studentIds } : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: courseworkKey }),
  });
}

/** PUT /coursework/:assignmentId/extensions/:studentId: the student's own due time, or null to remove it. */
export function useExtension(assignmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, dueAt }: { studentId: string; dueAt: string | null }) => call(api.coursework.extend, { params: { assignmentId, studentId }, body: { dueAt } }),
    onSuccess: () => client.invalidateQueries({ queryKey: courseworkKey }),
  });
}

/** GET /coursework/course/:courseId/gradebook (asked only once the caller is known to own the course). */
export function useGradebook(courseId: string, enabled = true) {
  return useQuery({
    queryKey: ownerKeys.gradebook(courseId),
    queryFn: async ({ signal }) => (await call(api.coursework.gradebook, { params: { courseId }, signal })).data,
    enabled,
  });
}
