import { Suspense } from 'react';
import { DashboardCardLoading, type CardFrame } from '../../components/DashboardCard';
import { lazyPage } from '../../components/lazy-page';
import { isExamOffice, useViewer } from '../auth';

const HomeMissingPhotos = lazyPage(() => import('./HomeMissingPhotos'));

/** The card's frame, shared by its loading state here and the card in HomeMissingPhotos. */
export const missingPhotosCard: CardFrame = { id: 'missing-photos', title: 'Students without a photo' };

/**
 * The exam office's "Students without a photo" card for the home page, its own chunk: the
 * students with an exam coming whose admit card has no photo to check (decision 0032). Everyone
 * else gets nothing, and never loads the chunk's card.
 */
export function HomeMissingPhotosSection() {
  const { viewer } = useViewer();
  if (!viewer || !isExamOffice(viewer)) return null;
  return (
    <Suspense fallback={<DashboardCardLoading {...missingPhotosCard} />}>
      <HomeMissingPhotos />
    </Suspense>
  );
}
