import type { User } from '@campus/contract/users';
import { useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { isStudent, RequireUser } from '../auth';
import { useHallTicket } from './api/hallticket';
import { EXAM_TIME, EXAM_TYPE, TITLE, type Ticket } from './ticket';
import { usePageTitle } from '../../lib/use-page-title';
import { formatExamDay, isoDayFromExamDates } from '../../lib/dates';

/** /hallticket: a student's admit card with a PDF download (spec §2 "Hall ticket"). */
export default function HallTicketPage() {
  usePageTitle('Admit card');
  return (
    <RequireUser>
      {(user) =>
        isStudent(user) ? (
          <HallTicket user={user} />
        ) : (
          <p className="rounded-lg bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">Admit cards are issued to students only.</p>
        )
      }
    </RequireUser>
  );
}

function HallTicket({ user }: { user: User }) {
  const { courses, examDates } = useHallTicket();
  if (courses.isError || examDates.isError) return <ErrorBanner message={errorText(courses.error ?? examDates.error)} />;
  if (!courses.data || !examDates.data) return <Spinner label="Loading admit card" />;
  if (courses.data.length === 0) {
    return <h1 className="py-10 text-center text-xl font-bold text-campus-900 sm:text-2xl">EXAMINATION ADMIT CARD NOT GENERATED YET</h1>;
  }
  const dates = examDates.data;
  const ticket: Ticket = {
    fullname: user.fullname,
    registrationId: user.registrationId,
    branch: user.branch,
    semester: user.semester,
    avatar: user.avatar,
    // Aligned by position (API.md); a list one short while the two answers disagree says TBA.
    // examdates says DD/MM/YYYY (API.md); the card, like every page, writes "Thu, 10 Dec 2026".
    rows: courses.data.map((course, i) => ({ title: course.title, examDate: formatExamDay(isoDayFromExamDates(dates[i] ?? 'TBA')) })),
  };
  return <Card ticket={ticket} />;
}

function Card({ ticket }: { ticket: Ticket }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { downloadTicket } = await import('./pdf');
      await downloadTicket(ticket);
    } catch {
      setProblem('Could not create the PDF. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 className="text-center text-xl font-bold tracking-wide text-campus-900 sm:text-2xl">{TITLE}</h1>
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:text-base">
          <dt className="font-medium text-slate-500">Name</dt>
          <dd className="break-words font-semibold">{ticket.fullname}</dd>
          <dt className="font-medium text-slate-500">Registration ID</dt>
          <dd>{ticket.registrationId}</dd>
          <dt className="font-medium text-slate-500">Branch</dt>
          <dd>{ticket.branch}</dd>
          <dt className="font-medium text-slate-500">Semester</dt>
          <dd>{ticket.semester}</dd>
        </dl>
        <Avatar src={ticket.avatar} name={ticket.fullname} size={96} />
      </div>
      <p className="font-semibold text-slate-800">Exam: {EXAM_TYPE}</p>
      {/* Wide on phones: the table scrolls inside its box rather than the page. */}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
          <thead>
            <tr className="bg-campus-50 text-campus-900">
              <th scope="col" className="border border-slate-200 px-3 py-2">Course</th>
              <th scope="col" className="border border-slate-200 px-3 py-2">Exam date</th>
              <th scope="col" className="border border-slate-200 px-3 py-2">Time</th>
              <th scope="col" className="border border-slate-200 px-3 py-2">Invigilator sign</th>
            </tr>
          </thead>
          <tbody>
            {ticket.rows.map((row, i) => (
              <tr key={i}>
                <td className="border border-slate-200 px-3 py-2">{row.title}</td>
                <td className="border border-slate-200 px-3 py-2 tabular-nums">{row.examDate}</td>
                <td className="border border-slate-200 px-3 py-2">{EXAM_TIME}</td>
                <td className="h-10 w-40 border border-slate-200 px-3 py-2" />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ErrorBanner message={problem} />
      <Button onClick={() => void download()} disabled={busy} aria-busy={busy || undefined} className="self-center">
        Download as PDF
      </Button>
    </section>
  );
}
