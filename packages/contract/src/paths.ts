/**
 * Every API path, built from the endpoint tables, so the server's routes, the web app's calls and
 * the tests' URLs cannot drift.
 */
import { coursesApi } from './courses';
import { pathsOf } from './endpoint';
import { eventsApi } from './events';
import { notificationsApi } from './notifications';
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
  notifications: pathsOf(notificationsApi),
  applications: {
    create: `${API_PREFIX}/applications/createapplication`,
    semestersApplied: `${API_PREFIX}/applications/semesterapplied`,
    all: `${API_PREFIX}/applications/allapplications`,
    ofUser: (userId: string) => `${API_PREFIX}/applications/applicationofuser/${encodeURIComponent(userId)}`,
  },
  marksheets: {
    ofUser: (userId: string) => `${API_PREFIX}/marksheets/getallapplicantmarksheets/${encodeURIComponent(userId)}`,
    exists: (userId: string, semester: number | string) => `${API_PREFIX}/marksheets/marksheetexists/${encodeURIComponent(userId)}/${encodeURIComponent(String(semester))}`,
    create: (applicantId: string) => `${API_PREFIX}/marksheets/createmarksheet/${encodeURIComponent(applicantId)}`,
  },
  events: pathsOf(eventsApi),
  notes: {
    ofCourse: (courseId: string) => `${API_PREFIX}/notes/notesofcourse/${encodeURIComponent(courseId)}`,
    create: (courseId: string) => `${API_PREFIX}/notes/create-notes/${encodeURIComponent(courseId)}`,
    /** The course's owner deletes one note and its file. */
    delete: (notesId: string) => `${API_PREFIX}/notes/delete-notes/${encodeURIComponent(notesId)}`,
  },
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
