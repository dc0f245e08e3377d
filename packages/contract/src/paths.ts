/**
 * Every API path, built from the endpoint tables, so the server's routes, the web app's calls and
 * the tests' URLs cannot drift.
 */
import { systemApi } from './config';
import { coursesApi } from './courses';
import { pathsOf } from './endpoint';
import { applicationsApi, marksheetsApi } from './marksheets';
import { notesApi } from './notes';
import { FILES_PREFIX, fileUrl } from './files';
import { API_PREFIX } from './prefix';
import { usersApi } from './users';

export { API_PREFIX, FILES_PREFIX, fileUrl };

export const paths = {
  /** The portal-wide calls sit at the top: `paths.health`, `paths.ready`, `paths.config`. */
  ...pathsOf(systemApi),
  users: pathsOf(usersApi),
  courses: pathsOf(coursesApi),
  notifications: {
    list: `${API_PREFIX}/notifications/getnotification`,
    read: (notificationId: string) => `${API_PREFIX}/notifications/readnotification/${encodeURIComponent(notificationId)}`,
    readAll: `${API_PREFIX}/notifications/readallnotifications`,
    stream: `${API_PREFIX}/notifications/stream`,
    /** The unread count alone: what the bell polls while its stream is down. */
    unreadCount: `${API_PREFIX}/notifications/unread-count`,
    /** The newest few unread ones and the unread count (`?limit=`, 1–20, default 5): the home page's. */
    recent: `${API_PREFIX}/notifications/recent`,
  },
  applications: pathsOf(applicationsApi),
  marksheets: pathsOf(marksheetsApi),
  events: {
    today: `${API_PREFIX}/events/today-events`,
    other: `${API_PREFIX}/events/other-events`,
    all: `${API_PREFIX}/events/all-events`,
    mine: `${API_PREFIX}/events/my-events`,
    byTitle: `${API_PREFIX}/events/searchbytitle`,
    get: (eventId: string) => `${API_PREFIX}/events/get-event/${encodeURIComponent(eventId)}`,
    create: `${API_PREFIX}/events/create-event`,
    delete: (eventId: string) => `${API_PREFIX}/events/delete-event/${encodeURIComponent(eventId)}`,
    draftDescription: `${API_PREFIX}/events/draft-description`,
  },
  notes: pathsOf(notesApi),
} as const;

/** Client routes of spec §2: the server answers index.html for each. `:param` marks a segment. */
export const CLIENT_ROUTES = [
  '/',
  '/login',
  '/student-signup',
  '/teacher-signup',
  '/update-account',
  '/update-avatar',
  '/change-password',
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
  '/events',
  '/today-events',
  '/other-events',
  '/add-event',
  '/my-events',
  '/event/:eventId',
  '/view',
] as const;
