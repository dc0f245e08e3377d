import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/Banner';
import { errorText } from '../../lib/api';

/** The part of a flattened infinite query (api/) a paged list needs. */
export interface PagedQuery<T> {
  data: T[] | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "More": the next page from the server's cursor, while there is one; a failed page says why and can be asked again. */
export function MoreButton<T>({ query, what }: { query: PagedQuery<T>; what: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      {query.isError && query.data && <ErrorBanner message={errorText(query.error)} />}
      <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} aria-label={`More ${what}`}>
        {query.isFetchingNextPage ? 'Loading…' : 'More'}
      </Button>
    </div>
  );
}
