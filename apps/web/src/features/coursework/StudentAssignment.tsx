import type { Assignment } from '@campus/contract/coursework';
import { Suspense, lazy } from 'react';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useCampusMoment } from './campus-moment';
import { useMySubmission } from './api/submission';
import { ReturnedMarks } from './ReturnedMarks';
import { StateChip } from './StateChip';
import { SubmitForm } from './SubmitForm';
import { useNow } from './use-now';
import { costAt, costSentence, latePolicyWords, myState } from './work-words';
import { AssignmentHeader } from './AssignmentHeader';

const Receipt = lazy(() => import('./Receipt'));

const card = 'flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';

/**
 * An assignment as its student sees it: the instructions and attachments, their own due time, the
 * grace and the penalty in words; their returned marks; their latest submission's receipt; and the
 * form to hand in, with what submitting now costs, or why there is none (a class test, returned
 * marks, submissions closed).
 */
export function StudentAssignment({ assignment: a }: { assignment: Assignment }) {
  const now = useNow();
  const onCampus = useCampusMoment();
  const at = now ?? Date.now();
  const state = myState(a, at);
  return (
    <article className="flex flex-col gap-6">
      <AssignmentHeader assignment={a}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          {a.kind === 'test' ? <span className="font-medium">Class test</span> : <StateChip state={state} />}
          <span>
            Due <time dateTime={a.dueAt}>{onCampus(a.dueAt)}</time>
          </span>
          <span>Out of {a.maxMarks} marks</span>
        </div>
      </AssignmentHeader>
      <section aria-labelledby="details-heading" className={card}>
        <h2 id="details-heading" className="text-lg font-bold text-campus-900">
          Instructions
        </h2>
        {a.instructions ? <p className="whitespace-pre-line break-words text-slate-800">{a.instructions}</p> : <p className="text-slate-600">No instructions were given.</p>}
        {a.attachments.length > 0 && (
          <ul aria-label="Attachments" className="flex flex-col gap-1">
            {a.attachments.map((file) => (
              <li key={file.url}>
                <a href={file.url} className="break-words font-medium text-campus-700 underline-offset-2 hover:underline">
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        {a.kind === 'assignment' && (
          <ul className="flex flex-col gap-1 text-sm text-slate-700">
            {latePolicyWords(a).map((line) => (
              <li key={line}>{line}</li>
            ))}
            <li>{a.closesAt ? `Submissions close on ${onCampus(a.closesAt)}.` : 'Late work is accepted at any time.'}</li>
          </ul>
        )}
      </section>
      {a.myMarks && <ReturnedMarks assignment={a} marks={a.myMarks} />}
      {a.kind === 'assignment' && <MyWork assignment={a} now={now} />}
      {a.kind === 'test' && !a.myMarks && <p className={card}>This is a class test, marked on paper: there is nothing to hand in here. Your marks show here once they are returned.</p>}
    </article>
  );
}

/** The student's latest submission (its receipt) and the form, or why there is no form. */
function MyWork({ assignment: a, now }: { assignment: Assignment; now: number | null }) {
  const mine = useMySubmission(a._id);
  const onCampus = useCampusMoment();
  if (mine.isError) return <LoadError error={mine.error} onRetry={() => mine.refetch()} retrying={mine.isFetching} />;
  if (!mine.data) return <Spinner label="Loading your submission" />;
  const { submission, receipt } = mine.data;
  const at = now ?? Date.now();
  const closed = a.closesAt !== null && at > Date.parse(a.closesAt);
  // The server's figure until the page's clock ticks, then the same rule on this clock.
  const cost = now === null ? a.submitNow : a.submitNow && costAt(a, now);
  let why: string | null = null;
  if (a.myMarks) why = 'Your marks have been returned, so this work can no longer be handed in.';
  else if (closed || !cost) why = a.closesAt ? `Submissions closed on ${onCampus(a.closesAt)}.` : 'Submissions are closed.';
  return (
    <>
      {submission && receipt && (
        <Suspense fallback={<Spinner label="Loading your receipt" />}>
          <Receipt submission={submission} receipt={receipt} />
        </Suspense>
      )}
      <section className={card}>
        {why || !cost ? (
          <p>{why}</p>
        ) : (
          <SubmitForm assignmentId={a._id} cost={costSentence(a, cost, at)} attempts={submission?.attempt ?? 0} />
        )}
      </section>
    </>
  );
}
