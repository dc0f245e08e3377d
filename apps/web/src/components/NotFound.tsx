import { pages } from '@campus/contract/pages';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

/**
 * What the app shows for anything that is not there: an address no route knows, or a course,
 * event or applicant the server answers 404 for. It says what is missing and leads somewhere
 * that exists, so a stale link is never a dead end.
 */
export function NotFound({ title, detail, back }: { title: string; detail: string; back: { to: string; label: string } }) {
  return (
    <section className="mx-auto max-w-md py-16 text-center">
      <p className="text-6xl font-bold text-campus-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-campus-900">{title}</h1>
      <p className="mt-2 text-slate-600">{detail}</p>
      <Link to={back.to} className="mt-6 inline-block text-campus-700 underline">
        {back.label}
      </Link>
    </section>
  );
}

/** The catch-all route's page. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return <NotFound title="Page Not Found" detail="There is nothing at this address." back={{ to: pages.home, label: 'Go home' }} />;
}
