/** What the app and other features may use of users: its routes, a user by id, and the exam office's and first administrator's accounts at start-up. */
export { ensureAdmin, ensureExamOffice, findUserById } from './users.service';
export { usersRoutes } from './users.routes';
