import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router';
import { roleLabel } from '../../features/auth/roles';
import { useLogout } from '../../features/auth/api/logout';
import type { StoredUser } from '../../lib/secure-store';
import { Avatar } from './Avatar';

const itemClass = 'block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-campus-50';

/** The user badge (avatar → /update-avatar, role label, name, registration id), its menu and Logout. */
export function UserMenu({ viewer }: { viewer: StoredUser }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <div className="flex items-center gap-3">
      <Link to="/update-avatar" title="Change avatar">
        <Avatar src={viewer.avatar} name={viewer.fullname} />
      </Link>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="flex flex-col items-start rounded px-1 text-left text-xs leading-tight hover:bg-campus-700/40" aria-label="Account menu">
          <span className="font-semibold uppercase tracking-wide text-campus-100">{roleLabel(viewer)}</span>
          <span className="text-sm font-medium">{viewer.fullname}</span>
          <span className="text-campus-100">{viewer.registrationId}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-40 rounded-lg bg-white p-1 text-slate-800 shadow-lg ring-1 ring-slate-200">
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/update-account">Profile</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/change-password">Change password</Link>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <button
        type="button"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
        className="rounded-lg border border-white/40 px-3 py-1.5 text-sm font-medium hover:bg-white/10"
      >
        Logout
      </button>
    </div>
  );
}
