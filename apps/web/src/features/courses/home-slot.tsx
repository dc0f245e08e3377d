import { pages } from '@campus/contract/pages';
import { Suspense } from 'react';
import { DashboardCardLoading, type CardFrame } from '../../components/DashboardCard';
import { lazyPage } from '../../components/lazy-page';
import { isAdmin, isExamOffice, useViewer } from '../auth';

const HomeCourses = lazyPage(() => import('./HomeCourses'));

/** The card's frame, shared by its loading state here and the card in HomeCourses. */
export const coursesCard: CardFrame = { id: 'courses', title: 'My courses', action: { to: pages.myCourses, label: 'See all' } };

/**
 * The home page's "My courses" card; its code is its own chunk, fetched with a logged-in home.
 * Meanwhile the card's own frame holds its place (the exam office, which has no courses, gets none;
 * nor does an administrator, whose home has its own cards).
 */
export function HomeCourseSection() {
  const { viewer } = useViewer();
  return (
    <Suspense fallback={viewer && !isExamOffice(viewer) && !isAdmin(viewer) ? <DashboardCardLoading {...coursesCard} /> : null}>
      <HomeCourses />
    </Suspense>
  );
}
