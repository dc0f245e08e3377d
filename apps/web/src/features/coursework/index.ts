/** What other features and the app may use of coursework: its routes, the home card and the course page's tabs. */
export { courseworkRoutes } from './routes';
export { HomeDueSoonSection } from './home-slot';
export { ClassworkTab, StreamTab } from './course-tabs';
export { courseworkKey } from './keys';
