import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { lazyPage } from '../components/lazy-page';
import { NotFoundPage } from '../components/NotFoundPage';
import { Layout } from './Layout';

// Every page is its own chunk: the login page loads only what it needs.
const HomePage = lazyPage(() => import('../features/home/HomePage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const StudentSignupPage = lazyPage(() => import('../features/auth/SignupPage').then((m) => ({ default: m.StudentSignupPage })));
const TeacherSignupPage = lazyPage(() => import('../features/auth/SignupPage').then((m) => ({ default: m.TeacherSignupPage })));
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'));
const AvatarPage = lazyPage(() => import('../features/profile/AvatarPage'));
const ChangePasswordPage = lazyPage(() => import('../features/profile/ChangePasswordPage'));

/** Client routes. Features of later issues add theirs here; unknown paths get the 404 page. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/student-signup', element: <StudentSignupPage /> },
          { path: '/teacher-signup', element: <TeacherSignupPage /> },
          { path: '/update-account', element: <ProfilePage /> },
          { path: '/update-avatar', element: <AvatarPage /> },
          { path: '/change-password', element: <ChangePasswordPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
