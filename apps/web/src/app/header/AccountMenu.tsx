import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import type { StoredUser } from '../../lib/secure-store';
import { ACCOUNT_LINKS } from './nav-links';
import { UserBadge } from './UserBadge';
import { menuContentClass, menuItemClass } from './styles';

/** The user badge as a dropdown trigger: Profile and Change password. Its own chunk, like the Events menu. */
export default function AccountMenu({ viewer, onNavigate }: { viewer: StoredUser; onNavigate?: () => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      {/* Named by the badge itself (role, name, id), so what is read matches what is seen. */}
      <DropdownMenu.Trigger
        className="rounded-md px-2 py-1 text-left hover:bg-campus-700 focus-visible:outline-2 focus-visible:outline-white data-[state=open]:bg-campus-700"
      >
        <UserBadge viewer={viewer} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          {ACCOUNT_LINKS.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={menuItemClass}>
              <Link to={link.to} onClick={onNavigate}>
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
