import { pages } from '@campus/contract/pages';
import { Link } from 'react-router';
import { DashboardCard } from '../../components/DashboardCard';
import { useCampusMoment } from './campus-moment';
import { useDueSoon } from './api/due-soon';
import { StateChip } from './StateChip';

/**
 * A student's work not yet handed in that is due in the next seven days (or overdue and still
 * open), soonest first: hidden when there is none, and while it loads, so a student with
 * nothing due never sees a card come and go. Part of a student's home page's first load, so it
 * takes only what it shows (no coursework words: this call has no refusals of its own).
 */
export default function HomeDueSoon() {
  const q = useDueSoon();
  const onCampus = useCampusMoment();
  if (q.isPending || (q.data && q.data.length === 0)) return null;
  return (
    <DashboardCard id="due-soon" title="Due soon" query={q}>
      {() => (
        <ul className="flex flex-col divide-y divide-slate-100">
          {(q.data ?? []).map((a) => (
            <li key={a._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <div className="min-w-0">
                <Link to={pages.assignment(a._id)} className="break-words font-medium text-campus-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-campus-600">
                  {a.title}
                </Link>
                <p className="text-sm text-slate-600">
                  {a.course.title} · due <time dateTime={a.dueAt}>{onCampus(a.dueAt)}</time>
                </p>
              </div>
              <StateChip state={a.state} />
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
