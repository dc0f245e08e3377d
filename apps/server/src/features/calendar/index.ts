/** What the app may use of the calendar feed: its routes. */
export { calendarRoutes } from './calendar.routes';
