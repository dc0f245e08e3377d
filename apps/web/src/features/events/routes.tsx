import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const AllEventsPage = lazyPage(() => import('./AllEventsPage'));
const TodayEventsPage = lazyPage(() => import('./TodayEventsPage'));
const OtherEventsPage = lazyPage(() => import('./OtherEventsPage'));
const MyEventsPage = lazyPage(() => import('./MyEventsPage'));
const EventPage = lazyPage(() => import('./EventPage'));
const AddEventPage = lazyPage(() => import('./AddEventPage'));
const EditEventPage = lazyPage(() => import('./EditEventPage'));

export const eventRoutes: RouteObject[] = [
  { path: '/events', element: <AllEventsPage /> },
  { path: '/today-events', element: <TodayEventsPage /> },
  { path: '/other-events', element: <OtherEventsPage /> },
  { path: '/my-events', element: <MyEventsPage /> },
  { path: '/add-event', element: <AddEventPage /> },
  { path: '/event/:eventId', element: <EventPage /> },
  { path: '/event/:eventId/edit', element: <EditEventPage /> },
];
