import type { Course, CourseList } from '@campus/contract/courses';
import { paths } from '@campus/contract/paths';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { courseKeys, type BranchFilter, type SemesterFilter } from '../keys';

const withQuery = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

async function list(path: string, signal: AbortSignal): Promise<Course[]> {
  return (await request<CourseList>(path, { signal })).data.listofcourses;
}

/** Courses per page on /all-courses: four rows of the widest grid, then "Load more". */
export const BROWSE_PAGE = 24;

/**
 * /all-courses: one paged query (searchbytitle with the semester and branch filters, newest
 * first), so the page asks for 24 courses at a time however large the catalogue is (a whole
 * catalogue of 2,000 courses is over 3 MB of JSON). "Load more" follows the server's cursor.
 */
export function useBrowseCourses(title: string, semester: SemesterFilter, branch: BranchFilter) {
  const query = useInfiniteQuery({
    queryKey: courseKeys.browse({ title: title.trim(), semester, branch }),
    queryFn: async ({ pageParam, signal }) => {
      const params: Record<string, string | number> = { title: title.trim(), semester, branch, limit: BROWSE_PAGE };
      if (pageParam) params.cursor = pageParam;
      return (await request<CourseList>(withQuery(paths.courses.byTitle, params), { signal })).data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { ...query, data: query.data?.pages.flatMap((page) => page.listofcourses) };
}

/** /my-courses: the student's joined courses or the professor's own, filtered by the server. */
export function useMyCourses(role: 'student' | 'professor', semester: SemesterFilter, branch: BranchFilter) {
  const path = role === 'student' ? paths.courses.myCourses : paths.courses.myCoursesTeacher;
  return useQuery({
    queryKey: courseKeys.mine(role, semester, branch),
    queryFn: ({ signal }) => list(withQuery(path, { semester, branch }), signal),
  });
}
