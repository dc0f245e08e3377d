import { pages } from '@campus/contract/pages';
import { Suspense } from 'react';
import { DashboardCardLoading, type CardFrame } from '../../components/DashboardCard';
import { lazyPage } from '../../components/lazy-page';
import { isExamOffice, useViewer } from '../auth';

const HomeRequests = lazyPage(() => import('./HomeRequests'));

/** The card's frame, shared by its loading state here and the card in HomeRequests. */
export const requestsCard: CardFrame = { id: 'requests', title: 'Marksheet requests', action: { to: pages.applications, label: 'See all' } };

/**
 * The exam office's "Marksheet requests" card for the home page, its own chunk. For the exam
 * office its frame holds its place meanwhile (it comes above the notifications, which would
 * otherwise move down when it arrives); everyone else gets nothing, and never loads the chunk's card.
 */
export function HomeRequestSection() {
  const { viewer } = useViewer();
  return (
    <Suspense fallback={viewer && isExamOffice(viewer) ? <DashboardCardLoading {...requestsCard} /> : null}>
      <HomeRequests />
    </Suspense>
  );
}
