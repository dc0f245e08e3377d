import { pages } from '@campus/contract/pages';
import type { User } from '@campus/contract/users';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { usePortalConfig } from '../../lib/config/portal-config';
import { usePageTitle } from '../../lib/use-page-title';
import { isStudent, RequireUser } from '../auth';
import { useHallTicket } from './api/hallticket';
import { EXAM_NAME, NAME, NOT_SAVED_YET, NOT_SET, TBA, paperCentre, paperDay, paperTime, savedAtOf, savedNotice, savedOnDevice, ticketOf, type Paper, type Ticket } from './ticket';
import { useSavedOnDevice, type SavedOnDevice } from './saved-on-device';
import { CODE_SLOT } from './code-slot';

// The signed QR code and its encoder come after the card shows (the page has no room for them).
const CardCode = lazy(() => import('./CardCode'));

/** /hallticket: a student's admit card, on screen and as a PDF to print (docs/product.md#hall-ticket). */
export default function HallTicketPage() {
  usePageTitle(NAME);
  return (
    <RequireUser>
      {(user) =>
        isStudent(user) ? (
          <AdmitCard user={user} />
        ) : (
          <p className="rounded-lg bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">Admit cards are issued to students only.</p>
        )
      }
    </RequireUser>
  );
}

const linkClass = 'font-medium text-campus-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-campus-600';

function AdmitCard({ user }: { user: User }) {
  const { courses, examDates } = useHallTicket();
  const config = usePortalConfig();
  const onDevice = useSavedOnDevice(courses.dataUpdatedAt);
  const failed = [courses, examDates, config].find((q) => q.isError);
  if (failed) return <LoadError error={failed.error} onRetry={() => Promise.all([courses, examDates, config].filter((q) => q.isError).map((q) => q.refetch()))} retrying={failed.isFetching} />;
  if (!courses.data || !examDates.data || !config.data) return <Spinner label="Loading admit card" />;
  const ticket = ticketOf(user, courses.data.list, examDates.data.list, config.data);
  if (ticket.papers.length === 0) {
    return (
      <Frame campusName={ticket.campusName}>
        <div className="flex flex-col gap-2 text-center text-slate-700">
          <p>Your admit card lists the papers of the courses you have joined, and you have not joined one yet.</p>
          <p>
            <Link to={pages.allCourses} className={linkClass}>
              Join your courses in All Courses
            </Link>
            ; their exam dates appear here when your professors set them.
          </p>
        </div>
      </Frame>
    );
  }
  return <Card ticket={ticket} savedAt={savedAtOf(courses.data.savedAt, examDates.data.savedAt)} onDevice={onDevice} />;
}

/** The card's frame: the campus, then the one name of this document. */
function Frame({ campusName, children }: { campusName: string; children: ReactNode }) {
  return (
    <section aria-labelledby="admit-card-title" className="mx-auto flex w-full max-w-4xl flex-col gap-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <header className="text-center">
        <p className="break-words text-sm font-semibold uppercase tracking-wide text-slate-600">{campusName}</p>
        <h1 id="admit-card-title" className="text-xl font-bold text-campus-900 sm:text-2xl">
          {NAME}
        </h1>
      </header>
      {children}
    </section>
  );
}

/**
 * `savedAt`: the card is the service worker's saved copy (offline), saved then. `onDevice`: online,
 * whether it is saved for exam day (saved-on-device.ts).
 */
function Card({ ticket, savedAt, onDevice }: { ticket: Ticket; savedAt: string | null; onDevice: SavedOnDevice }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { downloadAdmitCard } = await import('./pdf');
      await downloadAdmitCard(ticket);
    } catch {
      setProblem('Could not create the PDF. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  const undated = ticket.papers.filter((p) => !p.examDate).length;
  return (
    <Frame campusName={ticket.campusName}>
      {savedAt ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">{savedNotice(savedAt)}</p>
      ) : (
        onDevice !== undefined && (
          <p role="status" className={onDevice ? 'text-center text-sm font-medium text-green-800' : 'text-center text-sm text-slate-600'}>
            {onDevice ? savedOnDevice(onDevice) : NOT_SAVED_YET}
          </p>
        )
      )}
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:text-base">
          <dt className="font-medium text-slate-600">Name</dt>
          <dd className="break-words font-semibold">{ticket.fullname}</dd>
          <dt className="font-medium text-slate-600">Registration ID</dt>
          <dd>{ticket.registrationId}</dd>
          <dt className="font-medium text-slate-600">Branch</dt>
          <dd>{ticket.branch ?? NOT_SET}</dd>
          <dt className="font-medium text-slate-600">Semester</dt>
          <dd>{ticket.semester ?? NOT_SET}</dd>
          <dt className="font-medium text-slate-600">Exam</dt>
          <dd>{EXAM_NAME}</dd>
        </dl>
        <Photo src={ticket.avatar} name={ticket.fullname} />
      </div>
      <Suspense fallback={<div className={CODE_SLOT} />}>
        <CardCode />
      </Suspense>

      {undated > 0 && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {undated === ticket.papers.length ? 'None of your papers has an exam date yet. ' : 'Papers marked TBA have no exam date yet. '}
          Exam dates appear here when your professors set them; download the admit card again then.
        </p>
      )}

      {/* Phones and narrow windows: each paper is a card, every field on it, with nothing to scroll sideways. */}
      <ol aria-label="Papers, in exam order" className="flex flex-col gap-3 md:hidden">
        {ticket.papers.map((paper, i) => (
          <li key={i} className="rounded-lg p-3 ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{paper.title}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Course no.</dt>
              <dd>{paper.coursenumber}</dd>
              <dt className="text-slate-600">Exam date</dt>
              <dd className="tabular-nums">{paperDay(paper)}</dd>
              <dt className="text-slate-600">Time</dt>
              <dd>
                <Time paper={paper} />
              </dd>
              <dt className="text-slate-600">Exam centre</dt>
              <dd className="[overflow-wrap:anywhere]">{paperCentre(paper)}</dd>
              <dt className="text-slate-600">Invigilator&apos;s signature</dt>
              <dd className="h-10 rounded border border-dashed border-slate-300" />
            </dl>
          </li>
        ))}
      </ol>

      {/* From md up: the table the PDF prints, which fits the width there without scrolling. */}
      <table className="hidden w-full border-collapse text-left text-sm md:table">
        <caption className="sr-only">Papers, in exam order</caption>
        <thead>
          <tr className="bg-campus-50 text-campus-900">
            <th scope="col" className="border border-slate-200 px-2 py-2">Course no.</th>
            <th scope="col" className="border border-slate-200 px-2 py-2">Course</th>
            <th scope="col" className="border border-slate-200 px-2 py-2">Exam date</th>
            <th scope="col" className="border border-slate-200 px-2 py-2">Time</th>
            <th scope="col" className="border border-slate-200 px-2 py-2">Exam centre</th>
            <th scope="col" className="w-28 border border-slate-200 px-2 py-2">Invigilator&apos;s signature</th>
          </tr>
        </thead>
        <tbody>
          {ticket.papers.map((paper, i) => (
            <tr key={i}>
              <td className="border border-slate-200 px-2 py-2 tabular-nums">{paper.coursenumber}</td>
              <td className="break-words border border-slate-200 px-2 py-2">{paper.title}</td>
              <td className="border border-slate-200 px-2 py-2 tabular-nums lg:whitespace-nowrap">{paperDay(paper)}</td>
              <td className="border border-slate-200 px-2 py-2 lg:whitespace-nowrap">
                <Time paper={paper} />
              </td>
              <td className="break-words border border-slate-200 px-2 py-2">{paperCentre(paper)}</td>
              <td className="h-12 border border-slate-200 px-2 py-2" />
            </tr>
          ))}
        </tbody>
      </table>

      <ErrorBanner message={problem} />
      <Button onClick={() => void download()} disabled={busy} aria-busy={busy || undefined} className="self-center">
        Download admit card (PDF)
      </Button>
    </Frame>
  );
}

/** A dated paper's hours, or TBA (read out in full); a dash for one without a date, read out as such. */
function Time({ paper }: { paper: Paper }) {
  const time = paperTime(paper);
  if (time === TBA) return <abbr title="Time to be announced">{TBA}</abbr>;
  if (time) return <>{time}</>;
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">No time until the date is set</span>
    </>
  );
}

/**
 * The student's photo in its own proportions (an invigilator compares a face, so it is never
 * cropped or stretched); without one, the student is asked for one before the exam.
 */
function Photo({ src, name }: { src: string; name: string }) {
  if (!src) {
    return (
      <div className="flex w-full flex-col items-center gap-2 rounded-md bg-amber-50 p-3 text-center text-sm text-amber-950 ring-1 ring-amber-200 sm:w-48 sm:self-start">
        <Avatar src="" name={name} size={64} />
        <p className="font-semibold">No photo on your card yet</p>
        <p>The invigilator checks your photo against you: add one before your exam, then download the card again.</p>
        <Link to={pages.updateAvatar} className={linkClass}>
          Add your photo
        </Link>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={`Photo of ${name}`}
      width={96}
      height={120}
      className="h-[120px] w-24 shrink-0 self-center rounded-md bg-slate-50 object-contain ring-1 ring-slate-200 sm:self-start"
    />
  );
}
