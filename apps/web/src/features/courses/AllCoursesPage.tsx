import type { User } from '@campus/contract/users';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { SearchField, useTitleSearch } from '../../components/SearchField';
import { RequireUser } from '../auth';
import { useBrowseCourses } from './api/list-courses';
import { CourseListResult, NotForOffice } from './CourseList';
import { CourseFilters, NO_FILTER, type FilterValue } from './Filters';
import { courseRole } from './roles';
import { usePageTitle } from '../../lib/use-page-title';

/** /all-courses: search by title, filter by semester and branch (docs/product.md#courses). */
export default function AllCoursesPage() {
  usePageTitle('All Courses');
  return <RequireUser>{(user) => <AllCourses user={user} />}</RequireUser>;
}

function AllCourses({ user }: { user: User }) {
  const role = courseRole(user);
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-campus-900">All Courses</h1>
      {role === 'office' ? <NotForOffice /> : <Browse user={user} student={role === 'student'} />}
    </section>
  );
}

/** Its own component so the exam office never sends the query. */
function Browse({ user, student }: { user: User; student: boolean }) {
  const search = useTitleSearch();
  const [filter, setFilter] = useState<FilterValue>(NO_FILTER);
  const courses = useBrowseCourses(search.searched, filter.semester, filter.branch);

  return (
    <>
      <div role="search" className="grid gap-4 sm:grid-cols-[1fr_8rem_16rem]">
        <SearchField label="Search courses" search={search} />
        <CourseFilters value={filter} onChange={setFilter} />
      </div>
      <CourseListResult query={courses} empty="No Courses Found" userId={user._id} student={student} />
      {courses.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void courses.fetchNextPage()} disabled={courses.isFetchingNextPage}>
            {courses.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
