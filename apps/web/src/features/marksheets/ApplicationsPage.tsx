import { pages } from '@campus/contract/pages';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../lib/use-page-title';
import { isExamOffice, RequireUser } from '../auth';
import { useAllApplications } from './api/marksheets';
import { groupByStudent, type StudentRequests } from './group-requests';
import { NotForYou } from '../../components/NotForYou';
import { LoadError } from '../../components/LoadError';
import { formatMoment } from '../../lib/dates';

/** /applications (docs/product.md#marksheets): the exam office's marksheet requests, one group per student. */
export default function ApplicationsPage() {
  usePageTitle('Applications');
  return (
    <RequireUser>
      {(user) => (isExamOffice(user) ? <Applications /> : <NotForYou>Marksheet requests are answered by the exam office.</NotForYou>)}
    </RequireUser>
  );
}

function Applications() {
  const all = useAllApplications();
  if (all.isError) return <LoadError error={all.error} onRetry={() => all.refetch()} retrying={all.isFetching} />;
  if (!all.data) return <Spinner label="Loading applications" />;
  const groups = groupByStudent(all.data);
  const waiting = groups.filter((g) => g.open.length > 0);
  const openCount = waiting.reduce((n, g) => n + g.open.length, 0);
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-campus-900">Applications</h1>
      <p className="text-slate-700">
        {openCount === 0 ? 'No open requests' : `${openCount} open ${openCount === 1 ? 'request' : 'requests'} from ${waiting.length} ${waiting.length === 1 ? 'student' : 'students'}`}
      </p>
      {groups.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Requests by student">
          {groups.map((g) => (
            <StudentGroup key={g.studentId} group={g} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StudentGroup({ group }: { group: StudentRequests }) {
  const headingId = `student-${group.studentId}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-campus-900">
          {group.fullname}
        </h2>
        <Link to={pages.applicant(group.studentId)} className="rounded font-medium text-campus-700 underline focus-visible:outline-2 focus-visible:outline-campus-600">
          Open applicant
        </Link>
      </div>
      <p className="text-sm text-slate-600">Registration ID: {group.registrationId}</p>
      {group.open.length > 0 && (
        <ul className="mt-3 flex flex-col divide-y divide-slate-100" aria-label={`Open requests of ${group.fullname}`}>
          {group.open.map((a) => (
            <li key={a._id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <p className="text-slate-800">
                <span className="font-medium">Semester {a.semester}</span> ·{' '}
                <span className="text-sm text-slate-600">
                  requested <time dateTime={a.createdAt}>{formatMoment(a.createdAt)}</time>
                </span>
              </p>
              <Link to={pages.applicant(group.studentId, a.semester)} className={buttonClass('secondary', 'text-sm')} aria-label={`Upload marksheet of semester ${a.semester} for ${group.fullname}`}>
                Upload marksheet
              </Link>
            </li>
          ))}
        </ul>
      )}
      {group.replied.length > 0 && (
        <p className="mt-2 text-sm text-slate-600">Answered: {group.replied.map((a) => `semester ${a.semester}`).join(', ')}</p>
      )}
    </li>
  );
}
