import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { EVENT_LINKS } from './nav-links';

export function EventsMenu() {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="rounded px-3 py-2 text-left text-sm font-medium hover:bg-campus-700/40">Events ▾</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={6} className="z-50 min-w-40 rounded-lg bg-white p-1 text-slate-800 shadow-lg ring-1 ring-slate-200">
          {EVENT_LINKS.map((l) => (
            <DropdownMenu.Item key={l.to} asChild className="block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-campus-50">
              <Link to={l.to}>{l.label}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
