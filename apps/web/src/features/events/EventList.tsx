import type { EventListing } from '@campus/contract/events';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { EventGrid } from './EventCard';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * A list's three states: a spinner only while the first answer is on its way, the error with Retry,
 * or the grid / the spec's empty heading ('No Event Yet', …). `limit` keeps the first few (the
 * home sections show three).
 */
export function EventListResult({
  query,
  empty,
  limit,
  level = 2,
  columns = 4,
}: {
  query: Pick<UseQueryResult<EventListing[]>, 'data' | 'isPending' | 'isError' | 'error' | 'isFetching'> & { refetch: () => unknown };
  empty: string;
  limit?: number;
  /** The heading level of the cards and of the empty message: 2 under a page's h1, 3 in a section. */
  level?: 2 | 3;
  /** Cards per row on the widest screens. */
  columns?: 3 | 4;
}) {
  if (query.isError) return <LoadError error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  if (query.isPending || !query.data) return <Spinner label="Loading events" />;
  if (query.data.length === 0) {
    const Heading = level === 2 ? 'h2' : 'h3';
    return <Heading className="py-10 text-center text-lg font-semibold text-slate-600">{empty}</Heading>;
  }
  return <EventGrid listings={limit === undefined ? query.data : query.data.slice(0, limit)} level={level} columns={columns} />;
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
