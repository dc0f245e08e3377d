import { pages } from '@campus/contract/pages';
import type { Course } from '@campus/contract/courses';
import { Link } from 'react-router';
import { MembershipButton } from './MembershipButton';
import { Thumbnail } from '../../components/Thumbnail';

/** One course in a list (docs/product.md#courses). Students get Join or Leave; everyone sees the enrolled count. */
export function CourseCard({ course, userId, student }: { course: Course; userId: string; student: boolean }) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <Thumbnail src={course.thumbnail} title={course.title} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold leading-snug text-campus-900">
          <Link to={pages.course(course._id)} className="break-words hover:underline focus-visible:outline-2 focus-visible:outline-campus-600">
            {course.title}
          </Link>
        </h2>
        <p className="text-sm font-medium text-slate-600">
          {course.branch} - {course.semester}
        </p>
        <p className="line-clamp-3 break-words text-sm text-slate-700">{course.description}</p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-2">
          {student && <MembershipButton course={course} userId={userId} />}
          <p className="text-sm text-slate-600">Enrolled: {course.students.length}</p>
        </div>
      </div>
    </article>
  );
}

/** The course grid (docs/product.md#courses): four per row on wide screens, one on phones. */
export function CourseGrid({ courses, userId, student }: { courses: readonly Course[]; userId: string; student: boolean }) {
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {courses.map((course) => (
        <li key={course._id} className="flex">
          <CourseCard course={course} userId={userId} student={student} />
        </li>
      ))}
    </ul>
  );
}
