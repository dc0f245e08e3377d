import type { Assignment, SubmissionRow } from '@campus/contract/coursework';
import { api } from '@campus/contract/api';
import { Fragment, useId, useRef, useState } from 'react';
import { ErrorBanner, SuccessBanner } from '../../../components/Banner';
import { Button, buttonClass } from '../../../components/Button';
import { useConfirmAction } from '../../../components/ConfirmAction';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { errorText, urlOf } from '../../../lib/api';
import { formatMoment } from '../../../lib/dates';
import { formatOnCampus } from '../campus-moment';
import { STATE_TONES } from '../work-words';
import { useReturnMarks, useSubmissions } from './api';
import { ExtensionForm } from './ExtensionForm';
import { MarkForm } from './MarkForm';
import { countsOf, latenessWords, markWords, OWNER_STATE_WORDS, studentsWord, type WorkCounts } from './owner-words';

const cell = 'px-3 py-2 align-top';

/**
 * Every enrolled student's work on one assignment: the counts, "Return marks" for every draft,
 * the zip of every latest submission, and a row per student (state, when handed in and how
 * late, the files and text, the mark) that opens to mark them, return theirs alone, or give
 * them their own due time.
 */
export function SubmissionsTable({ assignment: a, timeZone }: { assignment: Assignment; timeZone: string }) {
  const q = useSubmissions(a._id);
  const heading = useRef<HTMLHeadingElement>(null);
  const [returned, setReturned] = useState<string | null>(null);
  const returnAll = useReturnMarks(a._id);
  const drafts = q.data ? countsOf(q.data).drafts : 0;
  const confirm = useConfirmAction({
    mutation: returnAll,
    variables: () => undefined,
    words: {
      title: `Return marks to ${studentsWord(drafts)}?`,
      description: 'Each is told, and sees their marks, any late penalty and your feedback. You can still change a mark afterwards; the student sees the change.',
      confirmLabel: 'Return marks',
    },
    onDone: (_, { data }) => setReturned(`Marks returned to ${studentsWord(data.returned)}.`),
    fallbackFocus: heading,
  });

  const handsIn = a.kind === 'assignment';
  return (
    <section aria-labelledby="work-heading" className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="work-heading" ref={heading} tabIndex={-1} className="text-lg font-bold text-campus-900 focus:outline-none">
        {handsIn ? "Students' work" : 'Marks'}
      </h2>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : !q.data ? (
        <Spinner label="Loading submissions" />
      ) : (
        <>
          <Counts counts={countsOf(q.data)} handsIn={handsIn} />
          <div className="flex flex-wrap gap-3">
            <Button disabled={drafts === 0} {...confirm.trigger()}>
              Return marks{drafts > 0 ? ` (${drafts})` : ''}
            </Button>
            {handsIn && (
              <a href={urlOf(api.coursework.submissionsZip, { params: { assignmentId: a._id } })} download className={buttonClass('secondary')}>
                Download all submissions (zip)
              </a>
            )}
          </div>
          {returned && <SuccessBanner key={returned} message={returned} onDismiss={() => setReturned(null)} />}
          {q.data.length === 0 ? <p className="text-slate-600">No students are enrolled yet.</p> : <Rows assignment={a} rows={q.data} timeZone={timeZone} />}
        </>
      )}
      {confirm.dialog}
    </section>
  );
}

function Counts({ counts, handsIn }: { counts: WorkCounts; handsIn: boolean }) {
  const items: [string, number][] = [
    ...(handsIn
      ? ([
          ['Handed in', counts.submitted],
          ['Late', counts.late],
          ['Missing', counts.missing],
        ] as [string, number][])
      : []),
    ['Marked, not returned', counts.drafts],
    ['Returned', counts.returned],
  ];
  return (
    <ul aria-label="Counts" className="flex flex-wrap gap-3">
      {items.map(([label, n]) => (
        <li key={label} className="flex min-w-24 flex-col rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
          <span className="text-xs font-medium text-slate-600">{label}</span>
          <span className="text-xl font-bold text-campus-900">{n}</span>
        </li>
      ))}
    </ul>
  );
}

function Rows({ assignment: a, rows, timeZone }: { assignment: Assignment; rows: SubmissionRow[]; timeZone: string }) {
  const [open, setOpen] = useState<string | null>(null);
  const returnOne = useReturnMarks(a._id);
  const [returnedTo, setReturnedTo] = useState<string | null>(null);
  const handsIn = a.kind === 'assignment';
  const columns = handsIn ? 6 : 4;
  const panelPrefix = useId();
  return (
    <>
      <ErrorBanner message={returnOne.isError ? errorText(returnOne.error) : null} />
      {returnedTo && (
        <p role="status" className="text-sm text-green-800">
          Marks returned to {returnedTo}.
        </p>
      )}
      {/* Sideways on a phone, the student's name kept in view; focusable so a keyboard can scroll it. */}
      <div role="region" aria-label="Submissions" tabIndex={0} className="overflow-x-auto rounded-lg ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-campus-600">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold text-slate-700">
            <tr>
              <th scope="col" className={`${cell} sticky left-0 bg-slate-50`}>
                Student
              </th>
              <th scope="col" className={cell}>
                State
              </th>
              {handsIn && (
                <>
                  <th scope="col" className={cell}>
                    Handed in
                  </th>
                  <th scope="col" className={cell}>
                    Work
                  </th>
                </>
              )}
              <th scope="col" className={cell}>
                Mark
              </th>
              <th scope="col" className={cell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => {
              const id = row.student._id;
              const expanded = open === id;
              const panelId = `${panelPrefix}-${id}`;
              const draft = row.mark !== null && row.mark.returnedAt === null;
              return (
                <Fragment key={id}>
                  <tr>
                    <th scope="row" className={`${cell} sticky left-0 bg-white font-normal`}>
                      <span className="block font-medium text-slate-900">{row.student.fullname}</span>
                      <span className="block text-xs text-slate-600">{row.student.registrationId}</span>
                      {row.extendedTo && (
                        <span className="block text-xs text-slate-600">
                          Extended to <time dateTime={row.extendedTo}>{formatOnCampus(row.extendedTo, timeZone)}</time>
                        </span>
                      )}
                    </th>
                    <td className={cell}>
                      <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATE_TONES[row.state]}`}>{OWNER_STATE_WORDS[row.state]}</span>
                    </td>
                    {handsIn && (
                      <>
                        <td className={`${cell} whitespace-nowrap`}>
                          {row.submission ? (
                            <>
                              <time dateTime={row.submission.submittedAt}>{formatMoment(row.submission.submittedAt)}</time>
                              <span className="block text-xs text-slate-600">
                                {latenessWords(row.submission)}
                                {row.submission.attempt > 1 && ` · attempt ${row.submission.attempt}`}
                              </span>
                            </>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td className={`${cell} min-w-40`}>
                          {row.submission ? (
                            <>
                              {row.submission.files.length > 0 && (
                                <ul className="flex flex-col gap-0.5">
                                  {row.submission.files.map((f) => (
                                    <li key={f.url}>
                                      <a href={f.url} className="break-words font-medium text-campus-700 underline-offset-2 hover:underline">
                                        {f.name}
                                      </a>
                                    </li>
                                  ))}
                                </ul>
                              )}
                              {row.submission.text && <p className="line-clamp-2 max-w-xs break-words text-slate-700">{row.submission.text}</p>}
                            </>
                          ) : (
                            '—'
                          )}
                        </td>
                      </>
                    )}
                    <td className={`${cell} whitespace-nowrap`}>{markWords(row.mark, a.maxMarks)}</td>
                    <td className={cell}>
                      <div className="flex flex-wrap gap-2">
                        <Button variant="secondary" aria-expanded={expanded} aria-controls={expanded ? panelId : undefined} onClick={() => setOpen(expanded ? null : id)}>
                          {'Mark '}
                          <span className="sr-only">{row.student.fullname}</span>
                        </Button>
                        {draft && (
                          <Button
                            variant="secondary"
                            disabled={returnOne.isPending}
                            onClick={() => {
                              setReturnedTo(null);
                              returnOne.mutate([id], { onSuccess: () => setReturnedTo(row.student.fullname) });
                            }}
                          >
                            {'Return '}
                            <span className="sr-only">marks to {row.student.fullname}</span>
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                  {expanded && (
                    <tr id={panelId}>
                      <td colSpan={columns} className="bg-slate-50 px-3 py-4">
                        <div className="sticky left-0 flex max-w-[calc(100vw-3rem)] flex-col gap-6 sm:max-w-2xl">
                          {row.submission?.text && (
                            <div>
                              <h3 className="text-sm font-semibold text-slate-800">Text handed in</h3>
                              <p className="whitespace-pre-wrap break-words text-slate-800">{row.submission.text}</p>
                            </div>
                          )}
                          <MarkForm assignment={a} row={row} />
                          {handsIn && <ExtensionForm assignment={a} row={row} timeZone={timeZone} />}
                        </div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
