import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const AssignmentPage = lazyPage(() => import('./AssignmentPage'));
const MyMarksPage = lazyPage(() => import('./MyMarksPage'));
// The owner's pages: their code is never part of a student's.
const EditAssignmentPage = lazyPage(() => import('./owner/EditAssignmentPage'));
const AddAssignmentPage = lazyPage(() => import('./owner/AddAssignmentPage'));
const GradebookPage = lazyPage(() => import('./owner/GradebookPage'));

export const courseworkRoutes: RouteObject[] = [
  { path: '/assignment/:assignmentId', element: <AssignmentPage /> },
  { path: '/assignment/:assignmentId/edit', element: <EditAssignmentPage /> },
  { path: '/add-assignment/:courseId', element: <AddAssignmentPage /> },
  { path: '/gradebook/:courseId', element: <GradebookPage /> },
  { path: '/my-marks', element: <MyMarksPage /> },
];
