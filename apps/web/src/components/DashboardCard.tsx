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

/** A card's title, its heading's id (`home-<id>`) and its link: what its loading frame shows too. */
export interface CardFrame {
  id: string;
  title: string;
  action?: { to: string; label: string };
}

/** A query still on its way: the card's frame while its code or what it needs is still loading. */
const LOADING: CardQuery = { isPending: true, isError: false, isFetching: true, error: null, refetch: () => undefined };

/**
 * One section of the home dashboard: a titled card with its own skeleton while its query loads
 * and its own error with Retry, so one slow or failed section never holds up the others.
 * `children` renders only once the query has data.
 */
export function DashboardCard({ id, title, action, query, busy, children }: CardFrame & { query?: CardQuery; busy?: boolean; children: () => ReactNode }) {
  const headingId = `home-${id}`;
  return (
    <section aria-labelledby={headingId} aria-busy={busy || undefined} className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
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
      {/*
        At least the skeleton's height: a short answer ("You are all caught up.", one course)
        leaves the card as tall as it loaded, so the sections below it do not jump up.
      */}
      <div className="min-h-36">
        {!query || (!query.isPending && !query.isError) ? (
          children()
        ) : query.isError ? (
          <LoadError error={query.error} onRetry={query.refetch} retrying={query.isFetching} />
        ) : (
          <CardSkeleton label={`Loading ${title.toLowerCase()}`} />
        )}
      </div>
    </section>
  );
}

/**
 * The card as it loads (title, link, skeleton): the fallback while its code arrives, and what it
 * shows while what it waits for loads, so the card is in place, at its loading size, from the start.
 * The card then replaces it: marked busy, it is not taken for the card itself.
 */
export function DashboardCardLoading(frame: CardFrame) {
  return (
    <DashboardCard {...frame} query={LOADING} busy>
      {() => null}
    </DashboardCard>
  );
}

/** Grey lines where a card's rows will be (9rem, the card body's least height: keep them alike). */
export function CardSkeleton({ label }: { label: string }) {
  return (
    <div role="progressbar" aria-label={label} aria-busy="true" className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-10 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
      ))}
    </div>
  );
}
