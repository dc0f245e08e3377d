import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const AllCoursesPage = lazyPage(() => import('./AllCoursesPage'));
const MyCoursesPage = lazyPage(() => import('./MyCoursesPage'));
const AddCoursePage = lazyPage(() => import('./AddCoursePage'));
const CoursePage = lazyPage(() => import('./CoursePage'));

export const courseRoutes: RouteObject[] = [
  { path: '/all-courses', element: <AllCoursesPage /> },
  { path: '/my-courses', element: <MyCoursesPage /> },
  { path: '/add-course', element: <AddCoursePage /> },
  { path: '/course/:courseId', element: <CoursePage /> },
  // The same page opened at a tab (course-tabs.ts): the page is kept as the tab changes.
  { path: '/course/:courseId/:tab', element: <CoursePage /> },
];
