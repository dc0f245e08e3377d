/** What the app may use of events: its routes. */
export { eventsRoutes } from './events.routes';
