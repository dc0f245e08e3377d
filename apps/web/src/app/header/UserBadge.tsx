import { badgeLabel } from '../../features/auth';
import type { StoredUser } from '../../lib/secure-store';

/** Student, Professor or Exam Office, the full name and the registration id (docs/product.md#header). */
export function UserBadge({ viewer }: { viewer: StoredUser }) {
  return (
    <span className="flex flex-col text-xs leading-tight">
      <span className="font-semibold uppercase tracking-wide text-campus-100">{badgeLabel(viewer)}</span>
      <span className="max-w-48 truncate text-sm font-medium text-white">{viewer.fullname}</span>
      <span className="text-campus-100">{viewer.registrationId}</span>
    </span>
  );
}
