import type { ReactElement } from 'react';
import { ApiError } from '../lib/api';
import { usePageTitle } from '../lib/use-page-title';
import { LoadError } from './LoadError';
import { NotFound } from './NotFound';
import { Spinner } from './Spinner';

/** The part of a TanStack query a page needs (a `useQuery` result fits; `allOf` joins several). */
export interface PageQuery<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface PageLoadOptions<T> {
  /** The tab's title once the data is here (usePageTitle). */
  title: (data: T) => string;
  /** The tab's title while it loads or after a failure ("Course"). */
  loadingTitle: string;
  /** What a 404 shows; its title names the tab too. */
  notFound: { title: string; detail: string; back: { to: string; label: string } };
  /** The failure's words; the server's reason by default. */
  errorMessage?: string;
  /** The spinner's accessible name ("Loading course"). */
  loadingLabel: string;
}

/**
 * A page of one thing fetched by id (a course, an event, an applicant), loaded one way: a 404 is
 * NotFound leading somewhere that exists, any other failure LoadError with Retry, the wait a
 * Spinner, and the tab named after the thing once known. `screen` is what to show instead of the
 * page (null once `data` is here), so the page reads
 * `const page = usePageLoad(q, …); if (page.screen) return page.screen;`.
 */
export function usePageLoad<T>(query: PageQuery<T>, options: PageLoadOptions<T>): { screen: ReactElement; data: undefined } | { screen: null; data: T } {
  const { title, loadingTitle, notFound, errorMessage, loadingLabel } = options;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  usePageTitle(query.data !== undefined ? title(query.data) : missing ? notFound.title : loadingTitle);

  if (query.isError) {
    if (missing) return { screen: <NotFound {...notFound} />, data: undefined };
    const error = errorMessage === undefined ? { error: query.error } : { message: errorMessage };
    return { screen: <LoadError {...error} onRetry={() => query.refetch()} retrying={query.isFetching} />, data: undefined };
  }
  if (query.data === undefined) return { screen: <Spinner label={loadingLabel} />, data: undefined };
  return { screen: null, data: query.data };
}

/**
 * Several queries a page shows together as one: data once all have answered, the first failure
 * (in the order given, so the page's own thing comes first and its 404 wins), and a Retry that
 * asks again only those that failed. No section appears half-loaded.
 */
export function allOf<Q extends Record<string, PageQuery<unknown>>>(queries: Q): PageQuery<{ [K in keyof Q]: NonNullable<Q[K]['data']> }> {
  const list = Object.values(queries);
  const failed = list.find((q) => q.isError);
  const ready = list.every((q) => q.data !== undefined);
  return {
    data: ready ? (Object.fromEntries(Object.entries(queries).map(([k, q]) => [k, q.data])) as { [K in keyof Q]: NonNullable<Q[K]['data']> }) : undefined,
    error: failed?.error ?? null,
    isError: failed !== undefined,
    isFetching: list.some((q) => q.isFetching),
    refetch: () => list.filter((q) => q.isError).forEach((q) => void q.refetch()),
  };
}
