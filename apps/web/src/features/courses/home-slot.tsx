import { Suspense } from 'react';
import { CardSkeleton } from '../../components/DashboardCard';
import { lazyPage } from '../../components/lazy-page';

const HomeCourses = lazyPage(() => import('./HomeCourses'));

/** The home page's "My courses" card; its code is its own chunk, fetched with a logged-in home. */
export function HomeCourseSection() {
  return (
    <Suspense fallback={<CardSkeleton label="Loading my courses" />}>
      <HomeCourses />
    </Suspense>
  );
}
