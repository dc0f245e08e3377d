/**
 * What other features and the app may use of auth. Everything else in this folder is its own
 * business (docs/architecture.md: features do not reach into each other's internals).
 */
export { useCurrentUser, useViewer } from './api/current-user';
export { useLogout } from './api/logout';
export { RequireUser } from './RequireUser';
export { badgeLabel, isAdmin, isExamOffice, isProfessor, isStudent, profileLabel } from './roles';
export { currentUserKey } from './keys';
export { forgetUser, rememberUser, setCurrentUser } from './session';
export { authRoutes } from './routes';
export { WelcomeFirst } from './welcome-first';
