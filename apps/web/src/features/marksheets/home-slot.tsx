import { Suspense } from 'react';
import { CardSkeleton } from '../../components/DashboardCard';
import { lazyPage } from '../../components/lazy-page';

const HomeRequests = lazyPage(() => import('./HomeRequests'));

/** The exam office's "Marksheet requests" card for the home page, its own chunk. */
export function HomeRequestSection() {
  return (
    <Suspense fallback={null}>
      <HomeRequests />
    </Suspense>
  );
}
