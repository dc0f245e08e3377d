import type { Assignment } from '@campus/contract/coursework';
import { pages } from '@campus/contract/pages';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/Banner';
import { Button, buttonClass } from '../../../components/Button';
import { preloadConfirmDialog, useConfirmAction } from '../../../components/ConfirmAction';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { errorText } from '../../../lib/api';
import { usePortalConfig } from '../../../lib/config/portal-config';
import '../../../lib/coursework-words';
import { formatMoment } from '../../../lib/dates';
import { useCampusMoment } from '../campus-moment';
import { useNavigateWithFlash } from '../../../lib/flash';
import { latePolicyWords } from '../work-words';
import { useDeleteAssignment, useUpdateAssignment } from './api';
import { SubmissionsTable } from './SubmissionsTable';
import { AssignmentHeader } from '../AssignmentHeader';

const card = 'flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';

/**
 * An assignment as its professor sees it (the assignment page's owner view): the details with
 * Edit, Delete and, for a draft, Publish; then every student's work, to mark and return.
 */
export default function OwnerAssignment({ assignment: a }: { assignment: Assignment }) {
  const navigateWithFlash = useNavigateWithFlash();
  const config = usePortalConfig();
  const publish = useUpdateAssignment(a._id);
  const remove = useConfirmAction({
    mutation: useDeleteAssignment(a._id),
    variables: () => undefined,
    words: {
      title: `Delete ${a.title}?`,
      description: 'Its submissions, marks and files go with it. This cannot be undone.',
      confirmLabel: 'Delete',
    },
    onDone: () => navigateWithFlash(pages.course(a.courseId, 'classwork'), `${a.title} was deleted.`, { replace: true }),
  });
  // Fetched while the owner reads the page, so the first "are you sure?" opens at once.
  useEffect(preloadConfirmDialog, []);

  const kindWord = a.kind === 'test' ? 'Class test' : 'Assignment';
  return (
    <article className="flex flex-col gap-6">
      <AssignmentHeader assignment={a}>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <span className="font-medium">{kindWord}</span>
          {a.published ? (
            a.publishedAt && (
              <span>
                Published <time dateTime={a.publishedAt}>{formatMoment(a.publishedAt)}</time>
              </span>
            )
          ) : (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">Draft: the class does not see it</span>
          )}
        </p>
        <div className="flex flex-wrap gap-3">
          {!a.published && (
            <Button disabled={publish.isPending} aria-busy={publish.isPending || undefined} onClick={() => publish.mutate({ published: true })}>
              Publish
            </Button>
          )}
          <Link to={pages.editAssignment(a._id)} className={buttonClass('secondary')}>
            Edit
          </Link>
          <Button variant="danger" {...remove.trigger()}>
            Delete
          </Button>
        </div>
        <ErrorBanner message={publish.isError ? errorText(publish.error) : null} />
        {publish.isSuccess && (
          <p role="status" className="text-sm text-green-800">
            Published: the enrolled students are told.
          </p>
        )}
      </AssignmentHeader>
      <Details assignment={a} />
      {config.isError ? (
        <LoadError error={config.error} onRetry={() => config.refetch()} retrying={config.isFetching} />
      ) : !config.data ? (
        <Spinner label="Loading submissions" />
      ) : (
        <SubmissionsTable assignment={a} timeZone={config.data.campusTimeZone} />
      )}
      {remove.dialog}
    </article>
  );
}

/** What the class was set: the times, the marks, the late rules, the instructions, the files and the rubric. */
function Details({ assignment: a }: { assignment: Assignment }) {
  const handsIn = a.kind === 'assignment';
  const onCampus = useCampusMoment();
  return (
    <section aria-labelledby="details-heading" className={card}>
      <h2 id="details-heading" className="text-lg font-bold text-campus-900">
        Details
      </h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-600">{handsIn ? 'Due' : 'Held on'}</dt>
        <dd className="text-slate-900">
          <time dateTime={a.dueAt}>{onCampus(a.dueAt)}</time>
        </dd>
        <dt className="font-medium text-slate-600">Maximum marks</dt>
        <dd className="text-slate-900">{a.maxMarks}</dd>
        {handsIn && (
          <>
            <dt className="font-medium text-slate-600">Late work</dt>
            <dd className="text-slate-900">{latePolicyWords(a).join(' ')}</dd>
            <dt className="font-medium text-slate-600">Closes</dt>
            <dd className="text-slate-900">{a.closesAt ? <time dateTime={a.closesAt}>{onCampus(a.closesAt)}</time> : 'Never: late work is accepted at any time.'}</dd>
          </>
        )}
      </dl>
      <h3 className="text-base font-semibold text-slate-800">Instructions</h3>
      {a.instructions ? <p className="whitespace-pre-line break-words text-slate-800">{a.instructions}</p> : <p className="text-slate-600">No instructions were given.</p>}
      {a.attachments.length > 0 && (
        <>
          <h3 className="text-base font-semibold text-slate-800">Attachments</h3>
          <ul className="flex flex-col gap-1">
            {a.attachments.map((file) => (
              <li key={file.url}>
                <a href={file.url} className="break-words font-medium text-campus-700 underline-offset-2 hover:underline">
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {a.rubric && (
        <>
          <h3 className="text-base font-semibold text-slate-800">Rubric</h3>
          <ul className="flex flex-col gap-2 text-sm">
            {a.rubric.map((c, i) => (
              <li key={i}>
                <span className="font-medium text-slate-900">{c.criterion}: </span>
                <span className="text-slate-700">{c.levels.map((l) => `${l.label} (${l.marks})`).join(', ')}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
