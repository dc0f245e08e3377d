import { pages } from '@campus/contract/pages';
import type { User } from '@campus/contract/users';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { RequireUser } from '../auth';
import { useMyActivity } from './api/audit';
import { AuditList } from './AuditList';

/**
 * /activity, "My activity": what others did to my account, enrolments and records, and what was
 * done with my credentials, newest first. Everyone has it; nobody sees another person's.
 */
export default function ActivityPage() {
  usePageTitle('My activity');
  return <RequireUser>{(user) => <Activity user={user} />}</RequireUser>;
}

function Activity({ user }: { user: User }) {
  const entries = useMyActivity();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-campus-900">My activity</h1>
      <p className="text-slate-700">
        Who changed your account, your courses and your records, and when your password, email and sign-ins changed. Newest first.{' '}
        <Link to={pages.updateAccount} className="rounded font-medium text-campus-700 underline focus-visible:outline-2 focus-visible:outline-campus-600">
          Back to your profile
        </Link>
      </p>
      <AuditList query={entries} reader={{ you: user._id }} label="Your activity" empty="Nothing has been recorded about your account yet." />
    </section>
  );
}
