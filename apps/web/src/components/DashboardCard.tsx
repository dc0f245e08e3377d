import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from './LoadError';

/** The part of a TanStack query a card needs to show its own loading and failure. */
export interface CardQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

const linkClass = 'text-sm font-medium text-campus-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-campus-600';

/**
 * One section of the home dashboard: a titled card with its own skeleton while its query loads
 * and its own error with Retry, so one slow or failed section never holds up the others.
 * `children` renders only once the query has data.
 */
export function DashboardCard({ id, title, action, query, children }: { id: string; title: string; action?: { to: string; label: string }; query?: CardQuery; children: () => ReactNode }) {
  const headingId = `home-${id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-campus-900">
          {title}
        </h2>
        {action && (
          <Link to={action.to} className={linkClass}>
            {action.label}
            <span className="sr-only"> ({title.toLowerCase()})</span>
          </Link>
        )}
      </div>
      {!query || (!query.isPending && !query.isError) ? (
        children()
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={query.refetch} retrying={query.isFetching} />
      ) : (
        <CardSkeleton label={`Loading ${title.toLowerCase()}`} />
      )}
    </section>
  );
}

/** Grey lines where a card's rows will be: the page keeps its shape while a section loads. */
export function CardSkeleton({ label }: { label: string }) {
  return (
    <div role="progressbar" aria-label={label} aria-busy="true" className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-10 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
      ))}
    </div>
  );
}
