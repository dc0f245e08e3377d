import type { Course } from '@campus/contract/courses';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { CourseGrid } from './CourseCard';

/** A list's three states: a spinner only while the first answer is on its way, the error with Retry, or the grid / empty message. */
export function CourseListResult({
  query,
  empty,
  userId,
  student,
}: {
  query: Pick<UseQueryResult<Course[]>, 'data' | 'isPending' | 'isError' | 'error' | 'isFetching'> & { refetch: () => unknown };
  empty: string;
  userId: string;
  student: boolean;
}) {
  if (query.isError) return <LoadError error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  if (query.isPending || !query.data) return <Spinner label="Loading courses" />;
  if (query.data.length === 0) return <p className="py-10 text-center text-lg font-semibold text-slate-600">{empty}</p>;
  return <CourseGrid courses={query.data} userId={userId} student={student} />;
}

/** The message for users the course pages are not for (the exam office, docs/product.md#roles). */
export function NotForOffice() {
  return (
    <p className="rounded-lg bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
      The exam office has no course pages. Courses are created by professors and joined by students.
    </p>
  );
}
