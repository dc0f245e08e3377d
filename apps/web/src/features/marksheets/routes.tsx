import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const MarksheetPage = lazyPage(() => import('./MarksheetPage'));
const ApplicationsPage = lazyPage(() => import('./ApplicationsPage'));
const ApplicantPage = lazyPage(() => import('./ApplicantPage'));

export const marksheetRoutes: RouteObject[] = [
  { path: '/marksheet', element: <MarksheetPage /> },
  { path: '/applications', element: <ApplicationsPage /> },
  { path: '/applicant/:applicantid', element: <ApplicantPage /> },
];
