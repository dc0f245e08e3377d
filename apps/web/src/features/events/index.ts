/** What the app may use of events: the routes, and the home page's sections. */
export { HomeEventSections } from './home-slot';
export { eventRoutes } from './routes';
