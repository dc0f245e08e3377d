import type { StoredUser } from '../../lib/secure-store';
import { HeaderMenu } from './HeaderMenu';
import { ACCOUNT_LINKS } from './nav-links';
import { UserBadge } from './UserBadge';

/** The user badge as a dropdown trigger: Profile and Change password. */
export function AccountMenu({ viewer, onNavigate }: { viewer: StoredUser; onNavigate?: () => void }) {
  return (
    <HeaderMenu
      links={ACCOUNT_LINKS}
      align="end"
      onNavigate={onNavigate}
      triggerClassName="rounded-md px-2 py-1 text-left hover:bg-campus-700 focus-visible:outline-2 focus-visible:outline-white data-[state=open]:bg-campus-700"
      // Named by the badge itself (role, name, id), so what is read matches what is seen.
      trigger={<UserBadge viewer={viewer} />}
    />
  );
}
