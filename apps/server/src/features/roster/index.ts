/** What the app may use of the registrar's roster: its routes. */
export { rosterRoutes } from './roster.routes';
