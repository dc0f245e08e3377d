import { Suspense } from 'react';
import { lazyPage } from '../../components/lazy-page';
import { Spinner } from '../../components/Spinner';

const HomeEvents = lazyPage(() => import('./HomeEvents'));

/**
 * The events sections for the home page's `events` slot. Their code (cards, queries) is its own
 * chunk, fetched only when a logged-in user's home page renders; the greeting does not wait for it.
 * A spinner meanwhile: nothing follows the sections on the page, so what replaces it moves nothing
 * (their own frames and skeletons, sized like their cards, are in that chunk, not every page's entry).
 */
export function HomeEventSections() {
  return (
    <Suspense fallback={<Spinner label="Loading events" />}>
      <HomeEvents />
    </Suspense>
  );
}
