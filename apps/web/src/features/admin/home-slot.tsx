import { pages } from '@campus/contract/pages';
import { Suspense } from 'react';
import { DashboardCardLoading, type CardFrame } from '../../components/DashboardCard';
import { lazyPage } from '../../components/lazy-page';
import { isAdmin, useViewer } from '../auth';

const HomeAdmin = lazyPage(() => import('./HomeAdmin'));

/** The administrator's four cards' frames, shared by their loading state here and the cards in HomeAdmin. */
export const adminCards = {
  imports: { id: 'admin-imports', title: 'Recent imports', action: { to: pages.adminRoster, label: 'Roster' } },
  deactivated: { id: 'admin-deactivated', title: 'Deactivated accounts', action: { to: `${pages.adminUsers}?active=false`, label: 'See them' } },
  providers: { id: 'admin-providers', title: 'Campus sign-in', action: { to: pages.adminSignIn, label: 'Providers' } },
  photos: { id: 'admin-photos', title: 'Students without a photo' },
} satisfies Record<string, CardFrame>;

/**
 * An administrator's home cards, their own chunk: the roster's recent imports, the accounts
 * switched off, each sign-in provider's last successful sign-in, and the students with an exam
 * coming and no photo. Everyone else gets nothing, and never loads the chunk.
 */
export function HomeAdminSection() {
  const { viewer } = useViewer();
  if (!viewer || !isAdmin(viewer)) return null;
  return (
    <Suspense
      fallback={Object.values(adminCards).map((card) => (
        <DashboardCardLoading key={card.id} {...card} />
      ))}
    >
      <HomeAdmin />
    </Suspense>
  );
}
