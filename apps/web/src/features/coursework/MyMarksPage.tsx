import { pages } from '@campus/contract/pages';
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import '../../lib/coursework-words';
import { formatMomentDay } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';
import { RequireUser } from '../auth';
import { useMyMarks } from './api/assignments';

/** /my-marks: a student's returned marks, course by course, each leading to its assignment. */
export default function MyMarksPage() {
  usePageTitle('My marks');
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-campus-900 sm:text-3xl">My marks</h1>
      <RequireUser>{() => <MarksByCourse />}</RequireUser>
    </section>
  );
}

function MarksByCourse() {
  const q = useMyMarks();
  if (q.isError) return <LoadError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  if (!q.data) return <Spinner label="Loading your marks" />;
  if (q.data.length === 0) return <p className="py-6 text-center text-lg font-semibold text-slate-600">No marks have been returned to you yet</p>;
  return (
    <>
      {q.data.map(({ course, marks }) => (
        <section key={course._id} aria-labelledby={`course-${course._id}`} className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id={`course-${course._id}`} className="text-lg font-bold text-campus-900">
            <Link to={pages.course(course._id)} className="underline-offset-2 hover:underline">
              {course.title}
            </Link>{' '}
            <span className="text-sm font-normal text-slate-600">({course.coursenumber})</span>
          </h2>
          <ul className="flex flex-col divide-y divide-slate-100">
            {marks.map((m) => (
              <li key={m.assignment._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <div className="min-w-0">
                  <Link to={pages.assignment(m.assignment._id)} className="break-words font-medium text-campus-700 underline-offset-2 hover:underline">
                    {m.assignment.title}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {m.assignment.kind === 'test' ? 'Class test' : 'Assignment'} · returned {formatMomentDay(m.returnedAt)}
                  </p>
                </div>
                <p className="text-right">
                  {m.excused ? (
                    'Excused'
                  ) : (
                    <>
                      <span className="font-semibold text-campus-900">
                        {m.finalMarks ?? '—'} / {m.assignment.maxMarks}
                      </span>
                      {m.penalty > 0 && <span className="block text-sm text-slate-600">{m.marks} less {m.penalty}% for lateness</span>}
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
