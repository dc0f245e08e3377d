/** What other features may use of courses (the hall ticket shares the cache prefix, so joins refresh it), and the home card. */
export { HomeCourseSection } from './home-slot';
export { coursesKey } from './keys';
export { courseRoutes } from './routes';
