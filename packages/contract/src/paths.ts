/** Every API path, in one place, so the server's routes and the web app's fetchers cannot drift. */
export const API_PREFIX = '/api/v1';

export const paths = {
  health: `${API_PREFIX}/health`,
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
  '/all-notifications',
  '/events',
  '/today-events',
  '/other-events',
  '/add-event',
  '/my-events',
  '/event/:eventId',
] as const;
