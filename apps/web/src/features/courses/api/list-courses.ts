import { api } from '@campus/contract/api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { courseKeys, type BranchFilter, type SemesterFilter } from '../keys';

/** Courses per page on /all-courses: four rows of the widest grid, then "Load more". */
const BROWSE_PAGE = 24;

/**
 * /all-courses: one paged query (searchbytitle with the semester and branch filters, newest
 * first), so the page asks for 24 courses at a time however large the catalogue is (a whole
 * catalogue of 2,000 courses is over 3 MB of JSON). "Load more" follows the server's cursor.
 */
export function useBrowseCourses(title: string, semester: SemesterFilter, branch: BranchFilter) {
  const query = useInfiniteQuery({
    queryKey: courseKeys.browse({ title: title.trim(), semester, branch }),
    queryFn: async ({ pageParam, signal }) => {
      const query = { title: title.trim(), semester, branch, limit: BROWSE_PAGE, cursor: pageParam || undefined };
      return (await call(api.courses.byTitle, { query, signal })).data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { ...query, data: query.data?.pages.flatMap((page) => page.listofcourses) };
}

/** /my-courses: the student's joined courses or the professor's own, filtered by the server. */
export function useMyCourses(role: 'student' | 'professor', semester: SemesterFilter, branch: BranchFilter) {
  const endpoint = role === 'student' ? api.courses.myCourses : api.courses.myCoursesTeacher;
  return useQuery({
    queryKey: courseKeys.mine(role, semester, branch),
    queryFn: async ({ signal }) => (await call(endpoint, { query: { semester, branch }, signal })).data.listofcourses,
  });
}
