/**
 * Every API path, built from the endpoint tables (`api`), so the server's routes, the web app's
 * calls and the tests' URLs cannot drift.
 */
import { api } from './api';
import { pathsOf } from './endpoint';
import { FILES_PREFIX, fileUrl } from './files';
import { API_PREFIX } from './prefix';

export { API_PREFIX, FILES_PREFIX, fileUrl };

const { system, ...features } = api;

export const paths = {
  /** The portal-wide calls sit at the top: `paths.health`, `paths.ready`, `paths.config`. */
  ...pathsOf(system),
  ...pathsOf(features),
};

/** Client routes (docs/product.md#screens): the server answers index.html for each. `:param` marks a segment. */
export const CLIENT_ROUTES = [
  '/',
  '/login',
  '/student-signup',
  '/teacher-signup',
  '/update-account',
  '/update-avatar',
  '/change-password',
  '/forgot-password',
  /** The emailed reset link: `/reset-password?token=…`. */
  '/reset-password',
  /** The link emailed to a new address: `/confirm-email?token=…` (no login: the token is the credential). */
  '/confirm-email',
  '/all-courses',
  '/my-courses',
  '/add-course',
  '/hallticket',
  '/marksheet',
  '/applications',
  '/applicant/:applicantid',
  '/course/:courseId',
  /** A course page opened at one of its tabs (`/course/:courseId/notes`), so reload and links keep it. */
  '/course/:courseId/:tab',
  '/all-notifications',
  /** How each kind of notification reaches the user (notificationsApi.preferences). */
  '/settings/notifications',
  /** Where an email's unsubscribe link leads (no login): it asks, then POSTs the link's token. */
  '/unsubscribe',
  '/events',
  '/today-events',
  '/other-events',
  '/add-event',
  '/my-events',
  '/event/:eventId',
  /** The host's Edit Event form. */
  '/event/:eventId/edit',
  '/view',
  /** The private calendar feed's address, Copy, add to Google Calendar, Reset. */
  '/calendar',
] as const;
