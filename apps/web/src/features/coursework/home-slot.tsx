import { Suspense } from 'react';
import { lazyPage } from '../../components/lazy-page';
import { isStudent, useCurrentUser } from '../auth';

const HomeDueSoon = lazyPage(() => import('./HomeDueSoon'));

/**
 * The home page's "Due soon" card, for students only; its code is its own chunk, fetched with a
 * student's home, and it shows nothing while it loads or when nothing is due (no frame held for a
 * card that is usually absent).
 */
export function HomeDueSoonSection() {
  // The server's word on who this is, not the copy kept from the last visit (another account may have used this browser).
  const viewer = useCurrentUser().data;
  if (!viewer || !isStudent(viewer)) return null;
  return (
    <Suspense fallback={null}>
      <HomeDueSoon />
    </Suspense>
  );
}
