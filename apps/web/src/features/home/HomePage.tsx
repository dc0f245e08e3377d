import { pages } from '@campus/contract/pages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useViewer } from '../auth';
import { usePageTitle } from '../../lib/use-page-title';
import { PhotoReminder } from './PhotoReminder';

/**
 * What other features put on a logged-in user's home page. The app's route table fills the slots
 * (features do not import each other): `overview` holds the dashboard's cards (my courses, unread
 * notifications, the exam office's open requests), each loading on its own; `events` holds the
 * two event sections (today's and other events, the first three of each with View All).
 */
export interface HomeSlots {
  overview?: ReactNode;
  events?: ReactNode;
}

/** / (docs/product.md#home): a dashboard under a greeting by full name, or a welcome with the logo. */
export default function HomePage({ overview, events }: HomeSlots) {
  const { viewer } = useViewer();
  usePageTitle('Home');
  if (!viewer) {
    return (
      <section className="mx-auto flex max-w-2xl flex-col items-center py-10 text-center sm:py-16">
        <img src="/favicon.svg" alt="Campus Portal logo" className="h-24 w-24" />
        <h1 className="mt-6 text-3xl font-bold text-campus-900 sm:text-4xl">Welcome to Campus Portal</h1>
        <p className="mt-3 text-slate-600">Courses, notes, campus events, marksheets and your admit card, in one place.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={pages.login} className="rounded-lg bg-campus-600 px-5 py-2.5 font-medium text-white shadow-sm hover:bg-campus-700">
            Log in
          </Link>
          <Link to={pages.studentSignup} className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium text-slate-800 hover:bg-slate-100">
            Create an account
          </Link>
        </div>
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-8 py-2 sm:gap-10 sm:py-4">
      <section className="rounded-2xl bg-gradient-to-br from-campus-600 to-campus-900 p-6 text-white shadow-sm sm:p-8">
        <p className="text-sm font-medium uppercase tracking-wide text-campus-100">Campus Portal</p>
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Hello, {viewer.fullname}</h1>
        <p className="mt-2 text-campus-100">Here is what matters today.</p>
      </section>
      {/* Two columns on a desktop; a card that has nothing for this user renders nothing. */}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PhotoReminder viewer={viewer} />
        {overview}
      </div>
      {events}
    </div>
  );
}
