import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

// One chunk per page: /login loads only the login form.
const LoginPage = lazyPage(() => import('./LoginPage'));
const StudentSignupPage = lazyPage(() => import('./SignupPage').then((m) => ({ default: m.StudentSignupPage })));
const ForgotPasswordPage = lazyPage(() => import('./ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./ResetPasswordPage'));
const TeacherSignupPage = lazyPage(() => import('./SignupPage').then((m) => ({ default: m.TeacherSignupPage })));
const LinkAccountPage = lazyPage(() => import('./LinkAccountPage'));
const WelcomePage = lazyPage(() => import('./WelcomePage'));

export const authRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/student-signup', element: <StudentSignupPage /> },
  { path: '/teacher-signup', element: <TeacherSignupPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  // A campus sign-in that matched an account made by signup: no login needed, the sign-in is in this browser.
  { path: '/link-account', element: <LinkAccountPage /> },
  // A student whose directory gave no semester or branch chooses them here first (welcome-first.tsx).
  { path: '/welcome', element: <WelcomePage /> },
];
