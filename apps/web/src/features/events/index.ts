/** What the app may use of events: the routes, and the home page's sections. */
export { eventRoutes } from './routes';
