import type { EventListing } from '@campus/contract/events';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { EventGrid } from './EventCard';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Listings split at the campus day: upcoming ones (today's included) in the order given, then
 * past ones, latest first (a stable sort, so other-events' own order, already so, is kept).
 */
function splitAtDay(listings: readonly EventListing[], today: string): { upcoming: EventListing[]; past: EventListing[] } {
  const upcoming = listings.filter((l) => l.events.date >= today);
  const past = listings
    .filter((l) => l.events.date < today)
    .sort((a, b) => b.events.date.localeCompare(a.events.date) || b.events.time.localeCompare(a.events.time));
  return { upcoming, past };
}

/**
 * A list's three states: a spinner (or `loading`) only while the first answer is on its way, the
 * error with Retry, or the grid / the empty heading ('No Event Yet', …). `limit` keeps the first few (the
 * home sections show three). With `splitAt` (today on campus) past events follow the upcoming
 * ones in a section of their own, each card marked Past.
 */
export function EventListResult({
  query,
  empty,
  limit,
  level = 2,
  columns = 4,
  splitAt,
  markPastBefore,
  loading = <Spinner label="Loading events" />,
}: {
  query: Pick<UseQueryResult<EventListing[]>, 'data' | 'isPending' | 'isError' | 'error' | 'isFetching'> & { refetch: () => unknown };
  empty: string;
  limit?: number;
  /** The heading level of the cards and of the empty message: 2 under a page's h1, 3 in a section. */
  level?: 2 | 3;
  /** Cards per row on the widest screens. */
  columns?: 3 | 4;
  /** Today on campus: past events go last, under "Past events". Undefined: one grid, as given. */
  splitAt?: string;
  /** Today on campus: past events stay where the list has them, marked Past (the home page's few). */
  markPastBefore?: string;
  /** What shows while the first answer is on its way (the home sections: a card's skeleton). */
  loading?: ReactNode;
}) {
  if (query.isError) return <LoadError error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  if (query.isPending || !query.data) return loading;
  if (query.data.length === 0) {
    const Heading = level === 2 ? 'h2' : 'h3';
    return <Heading className="py-10 text-center text-lg font-semibold text-slate-600">{empty}</Heading>;
  }
  const listings = limit === undefined ? query.data : query.data.slice(0, limit);
  if (splitAt === undefined) return <EventGrid listings={listings} level={level} columns={columns} pastBefore={markPastBefore} />;
  return <UpcomingThenPast {...splitAtDay(listings, splitAt)} today={splitAt} columns={columns} />;
}

/**
 * Upcoming events, then the past ones under their own heading, marked Past. Under a page's h1:
 * with both halves each has an h2 and its cards h3; with no past events it is one grid, as ever.
 */
function UpcomingThenPast({ upcoming, past, today, columns }: { upcoming: EventListing[]; past: EventListing[]; today: string; columns: 3 | 4 }) {
  const upcomingId = useId();
  const pastId = useId();
  if (past.length === 0) return <EventGrid listings={upcoming} columns={columns} />;
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby={upcomingId} className="flex flex-col gap-4">
        <h2 id={upcomingId} className="text-xl font-bold text-campus-900">
          Upcoming events
        </h2>
        {upcoming.length > 0 ? <EventGrid listings={upcoming} level={3} columns={columns} /> : <p className="text-slate-600">No upcoming events.</p>}
      </section>
      <section aria-labelledby={pastId} className="flex flex-col gap-4">
        <h2 id={pastId} className="text-xl font-bold text-campus-900">
          Past events
        </h2>
        <EventGrid listings={past} level={3} columns={columns} pastBefore={today} />
      </section>
    </div>
  );
}

/** The frame of the event list pages: the title, then whatever the page lists. */
export function EventsPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-campus-900">{title}</h1>
      {children}
    </section>
  );
}
