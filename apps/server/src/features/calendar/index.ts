/** What the app may use of the calendar feed: its routes; and what ends a feed, for the accounts' rules. */
export { calendarRoutes } from './calendar.routes';
export { endFeed } from './calendar.service';
