/** What the app and other features may use of events: its routes, and the events a calendar feed holds. */
export { eventsRoutes } from './events.routes';
export { eventsSince, type FeedEvent } from './events.queries';
