import { HeaderMenu } from './HeaderMenu';
import { EVENT_LINKS } from './nav-links';
import { navItemClass } from './styles';

/** The Events dropdown: the five event pages and the calendar feed, for everyone logged in. */
export function EventsMenu({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <HeaderMenu
      links={EVENT_LINKS}
      align="start"
      onNavigate={onNavigate}
      triggerClassName={`${navItemClass} flex items-center gap-1 text-left data-[state=open]:bg-campus-700`}
      trigger={
        <>
          Events
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
            <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
          </svg>
        </>
      }
    />
  );
}
