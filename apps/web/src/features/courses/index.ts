/** What other features may use of courses (the hall ticket shares the cache prefix, so joins refresh it). */
export { courseKeys, coursesKey } from './keys';
export { courseRoutes } from './routes';
