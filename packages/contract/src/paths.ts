/**
 * Every API path, built from the endpoint tables, so the server's routes, the web app's calls and
 * the tests' URLs cannot drift.
 */
import { coursesApi } from './courses';
import { pathsOf } from './endpoint';
import { applicationsApi, marksheetsApi } from './marksheets';
import { notesApi } from './notes';
import { API_PREFIX } from './prefix';

export { API_PREFIX };

export const paths = {
  health: `${API_PREFIX}/health`,
  /** 200 while this instance takes traffic; 503 while it starts or drains. */
  ready: `${API_PREFIX}/health/ready`,
  config: `${API_PREFIX}/config`,
  users: {
    register: `${API_PREFIX}/users/register`,
    login: `${API_PREFIX}/users/login`,
    logout: `${API_PREFIX}/users/logout`,
    currentUser: `${API_PREFIX}/users/current-user`,
    avatar: `${API_PREFIX}/users/avatar`,
    updateAccount: `${API_PREFIX}/users/update-account`,
    changePassword: `${API_PREFIX}/users/change-password`,
    getUser: (userId: string) => `${API_PREFIX}/users/getuser/${encodeURIComponent(userId)}`,
  },
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

/** Uploaded files are served here (API.md "Files"). */
export const FILES_PREFIX = '/files';
export const fileUrl = (fileId: string) => `${FILES_PREFIX}/${fileId}`;

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
