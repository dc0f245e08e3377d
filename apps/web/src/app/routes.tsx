import { useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/NotFound';
import { HomeAdminSection } from '../features/admin/home-slot';
import { adminRoutes } from '../features/admin/routes';
import { authRoutes } from '../features/auth';
import { calendarRoutes } from '../features/calendar/routes';
import { HomeDueSoonSection, courseworkRoutes } from '../features/coursework';
import { HomeMissingPhotosSection } from '../features/documents/home-slot';
import { documentRoutes } from '../features/documents/routes';
import { HomeCourseSection, courseRoutes } from '../features/courses';
import { HomeEventSections, eventRoutes } from '../features/events';
import { fileRoutes } from '../features/files/routes';
import { hallTicketRoutes } from '../features/hallticket/routes';
import { homeRoutes } from '../features/home/routes';
import { HomeRequestSection } from '../features/marksheets/home-slot';
import { marksheetRoutes } from '../features/marksheets/routes';
import { HomeNotificationSection, notificationRoutes } from '../features/notifications';
import { profileRoutes } from '../features/profile/routes';
import { Layout } from './Layout';

/**
 * The client routes (CLIENT_ROUTES, docs/product.md#screens), all under the layout. Each feature brings its own (lazy) pages;
 * the home page gets the other features' sections through its slots (features do not import
 * each other). Pages not built yet are absent on purpose, so their paths show the 404 page.
 *
 * Declarative routing (useRoutes) rather than a data router: the app loads data with TanStack
 * Query, not route loaders, and the data router would add about 17 KB gzipped to every page.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...homeRoutes({
        overview: (
          <>
            <HomeAdminSection />
            <HomeCourseSection />
            <HomeDueSoonSection />
            <HomeRequestSection />
            <HomeMissingPhotosSection />
            <HomeNotificationSection />
          </>
        ),
        events: <HomeEventSections />,
      }),
      ...authRoutes,
      ...profileRoutes,
      ...courseRoutes,
      ...courseworkRoutes,
      ...hallTicketRoutes,
      ...notificationRoutes,
      ...marksheetRoutes,
      ...eventRoutes,
      ...calendarRoutes,
      ...fileRoutes,
      ...adminRoutes,
      ...documentRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
