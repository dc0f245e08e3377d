import { api } from '@campus/contract/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseworkKeys } from '../keys';

/** GET /coursework/:assignmentId: one assignment; a student's copy carries their own state, cost and marks. */
export function useAssignment(assignmentId: string) {
  return useQuery({
    queryKey: courseworkKeys.assignment(assignmentId),
    queryFn: async ({ signal }) => (await call(api.coursework.get, { params: { assignmentId }, signal })).data.assignment,
  });
}

/** GET /coursework/course/:courseId: the course's assignments and tests, soonest due first (students: published ones). */
export function useCourseAssignments(courseId: string) {
  return useQuery({
    queryKey: courseworkKeys.ofCourse(courseId),
    queryFn: async ({ signal }) => (await call(api.coursework.ofCourse, { params: { courseId }, signal })).data.assignments,
  });
}

/** GET /coursework/me: a student's returned marks, by course. */
export function useMyMarks() {
  return useQuery({
    queryKey: courseworkKeys.myMarks,
    queryFn: async ({ signal }) => (await call(api.coursework.myMarks, { signal })).data.courses,
  });
}
