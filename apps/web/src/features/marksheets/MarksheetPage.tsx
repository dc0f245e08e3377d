import { pages } from '@campus/contract/pages';
import { SEMESTERS } from '@campus/contract/constants';
import type { Application, Marksheet } from '@campus/contract/marksheets';
import type { User } from '@campus/contract/users';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { isStudent, RequireUser } from '../auth';
import { useApplicationsOf, useApply, useMarksheetsOf, useSemestersApplied } from './api/marksheets';
import { NotForYou } from '../../components/NotForYou';

// Each marksheet's signed QR code, with the encoder, after the list shows.
const MarksheetCode = lazy(() => import('./MarksheetCode'));

/** /marksheet (docs/product.md#marksheets): eight semesters, each View, Applied or Apply. */
export default function MarksheetPage() {
  usePageTitle('Marksheet');
  return (
    <RequireUser>
      {(user) => (isStudent(user) ? <Marksheets user={user} /> : <NotForYou>Marksheets are requested by students, from this page.</NotForYou>)}
    </RequireUser>
  );
}

function Marksheets({ user }: { user: User }) {
  usePageTitle('Marksheet');
  const applied = useSemestersApplied();
  const marksheets = useMarksheetsOf(user._id);
  const requests = useApplicationsOf(user._id);
  const apply = useApply();

  const error = applied.error ?? marksheets.error ?? requests.error;
  if (error) return <ErrorBanner message={errorText(error)} />;
  if (!applied.data || !marksheets.data || !requests.data) return <Spinner label="Loading marksheets" />;
  const bySemester = new Map<number, Marksheet>(marksheets.data.map((m) => [m.semester, m]));
  // Each semester's latest declined request (the list is oldest first): its reason shows until she asks again.
  const declined = new Map<number, Application>(requests.data.filter((a) => a.declined).map((a) => [a.semester, a]));

  const ask = (semester: number) => {
    apply.reset();
    apply.mutate(semester);
  };

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-campus-900">Marksheet</h1>
      {/* Only up to the student's own semester (docs/product.md#marksheets); the server refuses the rest too. */}
      <p id={LIMIT_ID} className="text-slate-700">
        You can request marksheets up to semester {user.semester}, your current semester.
      </p>
      <ErrorBanner message={apply.isError ? errorText(apply.error) : null} />
      <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {SEMESTERS.map((semester) => {
          const marksheet = bySemester.get(semester);
          const title = `Marksheet – semester ${semester}`;
          return (
            <li key={semester} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-5 py-3">
              <span className="font-medium text-slate-800">Semester {semester}</span>
              {!marksheet && !applied.data.includes(semester) && declined.has(semester) && (
                <p className="basis-full text-sm text-red-800 sm:order-last">
                  The exam office declined your request: {declined.get(semester)!.reason}. You can apply again.
                </p>
              )}
              {marksheet ? (
                <span className="flex gap-4">
                  <Link to={pages.view(marksheet.marksheet, title)} className={LINK} aria-label={`View the marksheet of semester ${semester}`}>
                    View
                  </Link>
                  <a href={marksheet.marksheet} download className={LINK} aria-label={`Download the marksheet of semester ${semester}`}>
                    Download
                  </a>
                </span>
              ) : applied.data.includes(semester) ? (
                <span className="rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800">Applied</span>
              ) : user.semester === null || semester > user.semester ? (
                <Button variant="secondary" disabled aria-describedby={LIMIT_ID} aria-label={`Apply for the marksheet of semester ${semester}`}>
                  Apply
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => ask(semester)} disabled={apply.isPending} aria-label={`Apply for the marksheet of semester ${semester}`}>
                  Apply
                </Button>
              )}
              {marksheet && (
                <Suspense>
                  <MarksheetCode marksheet={marksheet} />
                </Suspense>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const LIMIT_ID = 'marksheet-limit';
const LINK = 'rounded font-medium text-campus-700 underline focus-visible:outline-2 focus-visible:outline-campus-600';
