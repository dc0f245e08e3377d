/** What the app may use of system: its routes. */
export { systemRoutes } from './system.routes';
