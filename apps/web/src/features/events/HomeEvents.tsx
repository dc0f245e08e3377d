import { pages } from '@campus/contract/pages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useCurrentUser } from '../auth';
import { useEventList } from './api/list-events';
import { useCampusToday } from './campus-day';
import { EventListResult } from './EventList';
import type { EventListKind } from './keys';

/** The home sections show at most three events each (docs/product.md#home). */
export const HOME_SECTION_SIZE = 3;

/**
 * The home page's two sections (docs/product.md#home): today's events and other events, the first three
 * of each with View All. They share their queries with /today-events and /other-events. Asked
 * only once the server has confirmed the session: a kept copy of the user may be out of date.
 */
export default function HomeEvents() {
  const q = useCurrentUser();
  if (!q.data) return q.isPending ? <Spinner label="Loading events" /> : null;
  return (
    <>
      <HomeSection kind="today" title="Today's events" to={pages.todayEvents} empty="No Events Happening Today" />
      <HomeSection kind="other" title="Other events" to={pages.otherEvents} empty="No Events Yet" />
    </>
  );
}

function HomeSection({ kind, title, to, empty }: { kind: EventListKind; title: string; to: string; empty: string }): ReactNode {
  const events = useEventList(kind);
  // Other events lists the upcoming first; with fewer than three of them past ones follow, marked.
  const today = useCampusToday();
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
      <EventListResult query={events} empty={empty} limit={HOME_SECTION_SIZE} level={3} columns={3} markPastBefore={today} />
    </section>
  );
}
