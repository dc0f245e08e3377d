import { MESSAGES, SEMESTERS } from '@campus/contract/constants';
import type { Marksheet } from '@campus/contract/marksheets';
import type { User } from '@campus/contract/users';
import { useState } from 'react';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { isStudent, RequireUser } from '../auth';
import { useApply, useMarksheetsOf, useSemestersApplied } from './api/marksheets';
import { NotForYou } from './Notice';
import { usePageTitle } from '../../lib/use-page-title';

/** /marksheet (spec §2 "Marksheet"): eight semesters, each View, Applied or Apply. */
export default function MarksheetPage() {
  usePageTitle('Marksheet');
  return (
    <RequireUser>
      {(user) => (isStudent(user) ? <Marksheets user={user} /> : <NotForYou>Marksheets are requested by students, from this page.</NotForYou>)}
    </RequireUser>
  );
}

function Marksheets({ user }: { user: User }) {
  const applied = useSemestersApplied();
  const marksheets = useMarksheetsOf(user._id);
  const apply = useApply();
  const [refused, setRefused] = useState<number | null>(null);

  const error = applied.error ?? marksheets.error;
  if (error) return <ErrorBanner message={errorText(error)} />;
  if (!applied.data || !marksheets.data) return <Spinner label="Loading marksheets" />;
  const bySemester = new Map<number, Marksheet>(marksheets.data.map((m) => [m.semester, m]));

  const ask = (semester: number) => {
    apply.reset();
    // Spec §5: only up to the student's own semester; the server refuses the rest too.
    if (semester > user.semester) return setRefused(semester);
    setRefused(null);
    apply.mutate(semester);
  };

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-campus-900">Marksheet</h1>
      <ErrorBanner message={refused !== null ? MESSAGES.cannotApply : apply.isError ? errorText(apply.error) : null} />
      <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {SEMESTERS.map((semester) => {
          const marksheet = bySemester.get(semester);
          return (
            <li key={semester} className="flex items-center justify-between gap-4 px-5 py-3">
              <span className="font-medium text-slate-800">Semester {semester}</span>
              {marksheet ? (
                <a href={marksheet.marksheet} className="font-medium text-campus-700 underline" aria-label={`View the marksheet of semester ${semester}`}>
                  View
                </a>
              ) : applied.data.includes(semester) ? (
                <span className="rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800">Applied</span>
              ) : (
                <Button variant="secondary" onClick={() => ask(semester)} disabled={apply.isPending} aria-label={`Apply for the marksheet of semester ${semester}`}>
                  Apply
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
