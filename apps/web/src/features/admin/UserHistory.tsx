import { pages } from '@campus/contract/pages';
import type { User } from '@campus/contract/users';
import { Link } from 'react-router';
import { AdminCard } from './AdminCard';
import { useAuditLog } from './api/audit';
import { AuditList } from './AuditList';

/** What the audit trail says of this user, and links to everything they did or had done to them. */
export default function UserHistory({ user }: { user: User }) {
  const entries = useAuditLog({ actor: '', target: user._id, action: '', q: '', from: '', to: '' });
  const link = 'rounded font-medium text-campus-700 underline focus-visible:outline-2 focus-visible:outline-campus-600';
  return (
    <AdminCard title="Audit entries">
      <AuditList query={entries} label={`Audit entries about ${user.fullname}`} empty="Nothing has been recorded about this user yet." />
      <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <Link className={link} to={pages.adminAudit({ actor: user._id })}>
          What {user.fullname} did
        </Link>
      </p>
    </AdminCard>
  );
}
