import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { useMediaQuery } from '../../lib/use-media-query';
import { HeaderMenu } from './HeaderMenu';
import { EVENT_LINKS } from './nav-links';
import { navItemClass } from './styles';

/** Tailwind's `md`: from here up the header is one row, and its menus drop down. */
const WIDE = '(min-width: 768px)';

const chevron = (open: boolean) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 fill-current ${open ? 'rotate-180' : ''}`}>
    <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
  </svg>
);

/**
 * The Events menu: the five event pages and the calendar feed, for everyone logged in. On a wide
 * screen a dropdown; on a phone, inside the folded Menu, a list that opens in place under its
 * button and pushes what follows down: a dropdown there covered the user badge below it.
 */
export function EventsMenu({ onNavigate }: { onNavigate?: () => void }) {
  const wide = useMediaQuery(WIDE);
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!wide) {
    return (
      <div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className={`${navItemClass} flex w-full items-center gap-1 text-left`}
        >
          Events
          {chevron(open)}
        </button>
        {open && (
          <ul id={listId} aria-label="Events" className="ml-3 flex flex-col gap-1 border-l border-white/30 pl-2">
            {EVENT_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={navItemClass} onClick={onNavigate}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <HeaderMenu
      links={EVENT_LINKS}
      align="start"
      onNavigate={onNavigate}
      triggerClassName={`${navItemClass} flex items-center gap-1 text-left data-[state=open]:bg-campus-700`}
      trigger={<>Events{chevron(false)}</>}
    />
  );
}
