import { api } from '@campus/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseKeys, coursesKey } from '../keys';

/** GET studentsofcourse/:courseId: name and regid of each enrolled student. */
export function useStudentsOfCourse(courseId: string) {
  return useQuery({
    queryKey: courseKeys.students(courseId),
    queryFn: async ({ signal }) => (await call(api.courses.students, { params: { courseId }, signal })).data,
  });
}

/** PATCH removestudent/:courseId/:studentId (owner). Enrolled counts show everywhere: all course queries go stale. */
export function useRemoveStudent(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (studentId: string) => call(api.courses.removeStudent, { params: { courseId, studentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: coursesKey }),
  });
}
