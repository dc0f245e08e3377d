/** What the app and other features may use of users: its routes, a user by id, and the exam office's account at start-up. */
export { ensureExamOffice, findUserById } from './users.service';
export { usersRoutes } from './users.routes';
