import { Link } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { usePortalConfig } from '../../lib/config/portal-config';
import { isExamOffice, RequireUser } from '../auth';
import { useAllApplications } from './api/marksheets';
import { NotForYou } from './Notice';
import { usePageTitle } from '../../lib/use-page-title';
import { formatMoment } from '../../lib/dates';

/** /applications (spec §2): the exam office's open marksheet requests. */
export default function ApplicationsPage() {
  usePageTitle('Applications');
  const config = usePortalConfig();
  return (
    <RequireUser>
      {(user) => (isExamOffice(user, config.data?.examOfficeRegistrationId) ? <Applications /> : <NotForYou>Marksheet requests are answered by the exam office.</NotForYou>)}
    </RequireUser>
  );
}

function Applications() {
  const all = useAllApplications();
  if (all.isError) return <ErrorBanner message={errorText(all.error)} />;
  if (!all.data) return <Spinner label="Loading applications" />;
  // Spec §4: a request is open while replied is not true.
  const open = all.data.filter((a) => !a.replied);
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-campus-900">Applications</h1>
      {open.length === 0 ? (
        <p className="py-10 text-center text-lg font-semibold text-slate-600">No open requests</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {open.map((a) => (
            <li key={a._id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
              <div>
                <p className="font-medium text-slate-900">{a.content}</p>
                <p className="text-sm text-slate-600">
                  Semester {a.semester} · <time dateTime={a.createdAt}>{formatMoment(a.createdAt)}</time>
                </p>
              </div>
              <Link to={`/applicant/${a.from}`} className="font-medium text-campus-700 underline">
                Open applicant
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
