import { ALL_BRANCHES, ALL_SEMESTERS } from '@campus/contract/constants';
import type { Course, CourseList } from '@campus/contract/courses';
import { paths } from '@campus/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { courseKeys, type BranchFilter, type SemesterFilter } from '../keys';

const withQuery = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

async function list(path: string, signal: AbortSignal): Promise<Course[]> {
  return (await request<CourseList>(path, { signal })).data.listofcourses;
}

/** The filters the server would apply, for a title search whose answer covers every semester and branch. */
export const matchesFilters = (course: Course, semester: SemesterFilter, branch: BranchFilter) =>
  (semester === ALL_SEMESTERS || course.semester === semester) && (branch === ALL_BRANCHES || course.branch === branch);

/**
 * /all-courses. With a title: GET searchbytitle?title= and the semester and branch applied here,
 * so changing a filter while searching costs no request. Without: GET searchbysemester, which
 * filters on the server.
 */
export function useBrowseCourses(title: string, semester: SemesterFilter, branch: BranchFilter) {
  const searching = title.trim() !== '';
  const byTitle = useQuery({
    queryKey: courseKeys.browse({ title: title.trim() }),
    queryFn: ({ signal }) => list(withQuery(paths.courses.byTitle, { title: title.trim() }), signal),
    enabled: searching,
  });
  const byFilter = useQuery({
    queryKey: courseKeys.browse({ semester, branch }),
    queryFn: ({ signal }) => list(withQuery(paths.courses.bySemester, { semester, branch }), signal),
    enabled: !searching,
  });
  if (!searching) return byFilter;
  return { ...byTitle, data: byTitle.data?.filter((c) => matchesFilters(c, semester, branch)) };
}

/** /my-courses: the student's joined courses or the professor's own, filtered by the server. */
export function useMyCourses(role: 'student' | 'professor', semester: SemesterFilter, branch: BranchFilter) {
  const path = role === 'student' ? paths.courses.myCourses : paths.courses.myCoursesTeacher;
  return useQuery({
    queryKey: courseKeys.mine(role, semester, branch),
    queryFn: ({ signal }) => list(withQuery(path, { semester, branch }), signal),
  });
}
