import type { User } from '@campus/contract/users';
import { useState } from 'react';
import { RequireUser } from '../auth';
import { useMyCourses } from './api/list-courses';
import { CourseListResult, NotForOffice } from './CourseList';
import { CourseFilters, NO_FILTER, type FilterValue } from './Filters';
import { courseRole } from './roles';
import { usePageTitle } from '../../lib/use-page-title';

/** /my-courses: a student's joined courses or a professor's own (docs/product.md#courses). */
export default function MyCoursesPage() {
  usePageTitle('My Courses');
  return <RequireUser>{(user) => <MyCourses user={user} />}</RequireUser>;
}

function MyCourses({ user }: { user: User }) {
  const role = courseRole(user);
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-campus-900">My Courses</h1>
      {role === 'office' ? <NotForOffice /> : <OwnCourses user={user} role={role} />}
    </section>
  );
}

/** Its own component so the exam office never sends the query. */
function OwnCourses({ user, role }: { user: User; role: 'student' | 'professor' }) {
  const [filter, setFilter] = useState<FilterValue>(NO_FILTER);
  const courses = useMyCourses(role, filter.semester, filter.branch);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[8rem_16rem]">
        <CourseFilters value={filter} onChange={setFilter} />
      </div>
      <CourseListResult
        query={courses}
        empty={role === 'student' ? 'No Courses joined by you' : 'No Courses created by you'}
        userId={user._id}
        student={role === 'student'}
      />
    </>
  );
}
