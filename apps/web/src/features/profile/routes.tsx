import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const ProfilePage = lazyPage(() => import('./ProfilePage'));
const AvatarPage = lazyPage(() => import('./AvatarPage'));
const ChangePasswordPage = lazyPage(() => import('./ChangePasswordPage'));
const ConfirmEmailPage = lazyPage(() => import('./ConfirmEmailPage'));

export const profileRoutes: RouteObject[] = [
  { path: '/update-account', element: <ProfilePage /> },
  { path: '/update-avatar', element: <AvatarPage /> },
  { path: '/change-password', element: <ChangePasswordPage /> },
  // The link emailed to a new address: no login needed, the token is the credential.
  { path: '/confirm-email', element: <ConfirmEmailPage /> },
];
