import type { Course, StudentsOfCourse } from '@campus/contract/courses';
import { paths } from '@campus/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { courseKeys, coursesKey } from '../keys';

/** GET studentsofcourse/:courseId: name and regid of each enrolled student. */
export function useStudentsOfCourse(courseId: string) {
  return useQuery({
    queryKey: courseKeys.students(courseId),
    queryFn: async ({ signal }) => (await request<StudentsOfCourse>(paths.courses.students(courseId), { signal })).data,
  });
}

/** PATCH removestudent/:courseId/:studentId (owner). Enrolled counts show everywhere: all course queries go stale. */
export function useRemoveStudent(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (studentId: string) => request<{ course: Course }>(paths.courses.removeStudent(courseId, studentId), { method: 'PATCH' }),
    onSuccess: () => client.invalidateQueries({ queryKey: coursesKey }),
  });
}
