import { Suspense } from 'react';
import { CardSkeleton } from '../../components/DashboardCard';
import { lazyPage } from '../../components/lazy-page';

const HomeNotifications = lazyPage(() => import('./HomeNotifications'));

/** The home page's "Unread notifications" card, its own chunk. */
export function HomeNotificationSection() {
  return (
    <Suspense fallback={<CardSkeleton label="Loading unread notifications" />}>
      <HomeNotifications />
    </Suspense>
  );
}
