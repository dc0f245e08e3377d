import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { menuContentClass, menuItemClass, navItemClass } from './styles';
import { EVENT_LINKS } from './nav-links';

/** The Events dropdown (Radix: keyboard and screen-reader support). Its own chunk, loaded once someone is logged in. */
export default function EventsMenu({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={`${navItemClass} flex items-center gap-1 text-left data-[state=open]:bg-campus-700`}>
        Events
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={6} align="start" className={menuContentClass}>
          {EVENT_LINKS.map((link) => (
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
