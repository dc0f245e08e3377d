import { pages } from '@campus/contract/pages';
import { Suspense } from 'react';
import { DashboardCardLoading, type CardFrame } from '../../components/DashboardCard';
import { lazyPage } from '../../components/lazy-page';

const HomeNotifications = lazyPage(() => import('./HomeNotifications'));

/** The card's frame, shared by its loading state here and the card in HomeNotifications. */
export const notificationsCard: CardFrame = { id: 'notifications', title: 'Unread notifications', action: { to: pages.notifications, label: 'See all' } };

/** The home page's "Unread notifications" card, its own chunk; its frame holds its place meanwhile. */
export function HomeNotificationSection() {
  return (
    <Suspense fallback={<DashboardCardLoading {...notificationsCard} />}>
      <HomeNotifications />
    </Suspense>
  );
}
