import { pages } from '@campus/contract/pages';
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/Button';
import '../../lib/coursework-words';
import { useCampusMoment } from './campus-moment';
import { useCourseAssignments } from './api/assignments';
import { StateChip } from './StateChip';
import { myState } from './work-words';

/**
 * The course's Classwork tab: its assignments and class tests, soonest due first (the server's
 * order). A student sees each with their state and due time; the owner sets new work, opens the
 * gradebook, and sees drafts marked as such.
 */
export default function ClassworkTab({ courseId, owner }: { courseId: string; owner: boolean }) {
  const q = useCourseAssignments(courseId);
  const onCampus = useCampusMoment();
  const now = Date.now();
  return (
    <div className="flex flex-col gap-4">
      {owner && (
        <div className="flex flex-wrap gap-3">
          <Link to={pages.addAssignment(courseId)} className={buttonClass('primary')}>
            New assignment
          </Link>
          <Link to={pages.gradebook(courseId)} className={buttonClass('secondary')}>
            Gradebook
          </Link>
        </div>
      )}
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : !q.data ? (
        <Spinner label="Loading classwork" />
      ) : q.data.length === 0 ? (
        <p className="py-6 text-center text-lg font-semibold text-slate-600">No classwork yet</p>
      ) : (
        <ul aria-label="Classwork" className="divide-y divide-slate-100">
          {q.data.map((a) => (
            <li key={a._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
              <div className="min-w-0">
                <Link to={pages.assignment(a._id)} className="break-words font-medium text-campus-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-campus-600">
                  {a.title}
                </Link>
                <p className="text-sm text-slate-600">
                  {a.kind === 'test' ? 'Class test' : 'Assignment'} · Due <time dateTime={a.dueAt}>{onCampus(a.dueAt)}</time> · {a.maxMarks} marks
                </p>
              </div>
              {owner ? (
                !a.published && <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">Draft</span>
              ) : a.kind === 'test' && !a.myMarks ? null : (
                <StateChip state={myState(a, now)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
