/** What the app may use of the administration: its routes. */
export { adminRoutes } from './admin.routes';
export { adminHomeRoutes } from './admin-home';
