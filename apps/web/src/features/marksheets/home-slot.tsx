import { Suspense } from 'react';
import { lazyPage } from '../../components/lazy-page';

const HomeRequests = lazyPage(() => import('./HomeRequests'));

/** The exam office's "Marksheet requests" card for the home page, its own chunk (no skeleton: most users never see it). */
export function HomeRequestSection() {
  return (
    <Suspense fallback={null}>
      <HomeRequests />
    </Suspense>
  );
}
