import { pages } from '@campus/contract/pages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth';
import { useEventList } from './api/list-events';
import { useCampusToday } from './campus-day';
import { EventListResult } from './EventList';
import type { EventListKind } from './keys';

/** The home sections show at most three events each (docs/product.md#home). */
export const HOME_SECTION_SIZE = 3;

/** The home page's two sections (docs/product.md#home), in order. */
const homeEventSections: { kind: EventListKind; title: string; to: string; empty: string }[] = [
  { kind: 'today', title: "Today's events", to: pages.todayEvents, empty: 'No Events Happening Today' },
  { kind: 'other', title: 'Other events', to: pages.otherEvents, empty: 'No Events Yet' },
];

/**
 * The home page's two sections (docs/product.md#home): today's events and other events, the first three
 * of each with View All. They share their queries with /today-events and /other-events. Asked
 * only once the server has confirmed the session: a kept copy of the user may be out of date.
 * Until their events arrive they are drawn at the size they will have with events (a card's
 * skeleton), so the cards that come do not push the other section down.
 */
export default function HomeEvents() {
  const q = useCurrentUser();
  if (!q.data) return q.isPending ? <HomeEventsLoading /> : null;
  return homeEventSections.map((s) => <HomeSection key={s.kind} {...s} />);
}

function HomeSection({ kind, title, to, empty }: { kind: EventListKind; title: string; to: string; empty: string }): ReactNode {
  const events = useEventList(kind);
  // Other events lists the upcoming first; with fewer than three of them past ones follow, marked.
  const today = useCampusToday();
  return (
    <HomeEventSection kind={kind} title={title} to={to}>
      <EventListResult
        query={events}
        empty={empty}
        limit={HOME_SECTION_SIZE}
        level={3}
        columns={3}
        markPastBefore={today}
        loading={<EventCardSkeleton label={`Loading ${title.toLowerCase()}`} />}
      />
    </HomeEventSection>
  );
}

/** Both sections, each with its heading and one card's skeleton, while the server confirms the user. */
function HomeEventsLoading() {
  return homeEventSections.map((s) => (
    <HomeEventSection key={s.kind} kind={s.kind} title={s.title} to={s.to}>
      <EventCardSkeleton label={`Loading ${s.title.toLowerCase()}`} />
    </HomeEventSection>
  ));
}

/** One section's frame: its heading and View All, then its cards (or their skeleton). */
function HomeEventSection({ kind, title, to, children }: { kind: EventListKind; title: string; to: string; children: ReactNode }) {
  const headingId = `home-${kind}-events`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-campus-900">
          {title}
        </h2>
        <Link to={to} className="font-medium text-campus-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-campus-600">
          View All<span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

const bar = 'inline-block rounded bg-slate-100';

/**
 * Where a section's first card will be, in EventCard's grid and of its size: the picture's 16:9
 * box, then lines of the card's own text sizes (host, title, time and venue), so the cards that
 * replace it, one row of them on a wide screen, do not move what follows. Keep it like EventCard.
 */
function EventCardSkeleton({ label }: { label: string }) {
  return (
    <div role="progressbar" aria-label={label} aria-busy="true" className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
      <div className="flex w-full animate-pulse flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 motion-reduce:animate-none">
        <div className="aspect-video w-full bg-slate-100" />
        <div className="flex flex-1 flex-col gap-2 p-4">
          <div className="flex items-center gap-2">
            <span className="h-7 w-7 rounded-full bg-slate-100" />
            <span className={`${bar} h-4 w-32`} />
          </div>
          <div className="text-lg leading-snug">
            <span className={`${bar} w-2/3`}>&nbsp;</span>
          </div>
          <div className="mt-auto flex flex-col gap-y-1 pt-1 text-sm">
            <span className={`${bar} w-24`}>&nbsp;</span>
            <span className={`${bar} w-32`}>&nbsp;</span>
          </div>
        </div>
      </div>
    </div>
  );
}
