/**
 * The web app's pages: the routes the server answers index.html for, and a typed builder for
 * every link to one, so a notification, an email and the web app's own links cannot drift from
 * the routes. No zod: the web app's first load reads this.
 */
import { NOTIFICATION_SETTINGS_PAGE, UNSUBSCRIBE_PAGE } from './constants';
import type { SignInErrorCode } from './sign-in-errors';

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
  /** What others did to my account, enrolments and records, and with my credentials (usersApi.activity). */
  '/activity',
  /** The administration (isAdmin): users by search, role and state (`?q=&role=&active=`). */
  '/admin/users',
  '/admin/users/:userId',
  /** The audit trail, by actor, target and action (`?actor=&target=&action=`). */
  '/admin/audit',
  /** The registrar's roster: a CSV of users, courses or enrolments, previewed, then applied (rosterApi). */
  '/admin/roster',
  /** Campus sign-in providers, each with a test sign-in; a test's result (authApi.signInTest). */
  '/admin/sign-in',
  '/admin/sign-in/:testId',
  /** A campus sign-in that matched an account made by signup: its password, once, links them (authApi.link). */
  '/link-account',
  /** Anyone (no login) checks a signed document: pasted, scanned, or opened from its QR code (`/verify#<token>`). */
  '/verify',
  /** A student whose directory gave no semester or branch chooses them here, before any other page (`?next=` where she was going). */
  '/welcome',
  /** One assignment or class test: a student hands in and sees their marks; the owner marks and returns. */
  '/assignment/:assignmentId',
  /** The owner's form for an assignment's details. */
  '/assignment/:assignmentId/edit',
  /** The owner sets an assignment or a class test for a course. */
  '/add-assignment/:courseId',
  /** A course's gradebook (the owner), with its CSV. */
  '/gradebook/:courseId',
  /** A student's returned marks, by course. */
  '/my-marks',
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

/** The course page's tabs, each with its own address; the first is the bare `/course/:courseId`. */
export const COURSE_TABS = ['course', 'stream', 'classwork', 'enrolled', 'notes', 'add-notes', 'edit-course', 'delete-course'] as const;
export type CourseTab = (typeof COURSE_TABS)[number];

const segment = (id: string | number) => encodeURIComponent(String(id));
/** A page whose link carries a token (which the request log never writes). */
const withToken = (page: string, token: string) => `${page}?${new URLSearchParams({ token })}`;

/**
 * Every link to a page of the web app: the address itself when it takes nothing, else a
 * function of what it shows. Links are root-relative; an email puts PUBLIC_ORIGIN before them.
 */
export const pages = {
  home: '/',
  login: '/login',
  studentSignup: '/student-signup',
  teacherSignup: '/teacher-signup',
  updateAccount: '/update-account',
  updateAvatar: '/update-avatar',
  changePassword: '/change-password',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => withToken('/reset-password', token),
  confirmEmail: (token: string) => withToken('/confirm-email', token),
  allCourses: '/all-courses',
  myCourses: '/my-courses',
  addCourse: '/add-course',
  hallTicket: '/hallticket',
  marksheet: '/marksheet',
  applications: '/applications',
  /** An applicant's page, opened at the upload of `semester` when one is given. */
  applicant: (applicantId: string, semester?: number) => `/applicant/${segment(applicantId)}${semester === undefined ? '' : `?semester=${semester}`}`,
  course: (courseId: string, tab: CourseTab = 'course') => (tab === 'course' ? `/course/${segment(courseId)}` : `/course/${segment(courseId)}/${tab}`),
  notifications: '/all-notifications',
  notificationSettings: NOTIFICATION_SETTINGS_PAGE,
  /** The bare page tells a visitor without a link what to do; with one, it asks before it POSTs. */
  unsubscribe: (token?: string) => (token === undefined ? UNSUBSCRIBE_PAGE : withToken(UNSUBSCRIBE_PAGE, token)),
  events: '/events',
  todayEvents: '/today-events',
  otherEvents: '/other-events',
  addEvent: '/add-event',
  myEvents: '/my-events',
  event: (eventId: string) => `/event/${segment(eventId)}`,
  editEvent: (eventId: string) => `/event/${segment(eventId)}/edit`,
  /** One of the portal's files (`file`, its /files/… URL) shown in the page, under `title`. */
  view: (file: string, title: string) => `/view?${new URLSearchParams({ file, title })}`,
  calendar: '/calendar',
  activity: '/activity',
  adminUsers: '/admin/users',
  adminUser: (userId: string) => `/admin/users/${segment(userId)}`,
  /** The audit log, filtered by who acted (`actor`), whom it concerns (`target`), the action, a person (`q`) and the days (`from`, `to`). */
  adminAudit: (filter: { actor?: string; target?: string; action?: string; q?: string; from?: string; to?: string } = {}) => {
    const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')).toString();
    return query === '' ? '/admin/audit' : `/admin/audit?${query}`;
  },
  adminRoster: '/admin/roster',
  adminSignIn: '/admin/sign-in',
  adminSignInTest: (testId: string) => `/admin/sign-in/${segment(testId)}`,
  linkAccount: '/link-account',
  verify: '/verify',
  welcome: '/welcome',
  assignment: (assignmentId: string) => `/assignment/${segment(assignmentId)}`,
  editAssignment: (assignmentId: string) => `/assignment/${segment(assignmentId)}/edit`,
  addAssignment: (courseId: string) => `/add-assignment/${segment(courseId)}`,
  gradebook: (courseId: string) => `/gradebook/${segment(courseId)}`,
  myMarks: '/my-marks',
  /**
   * What a document's QR code holds (after the public origin): the check of that token. In the
   * fragment, not the query, so the token never reaches a server's or a proxy's request log.
   */
  verifyToken: (token: string) => `/verify#${token}`,
  /**
   * The login page telling why a campus sign-in was refused, by a code it words itself (never text
   * from the address), and where a second try leads (the home page when `next` is that or not given).
   */
  loginRefused: (code: SignInErrorCode, next?: string) => `/login?${new URLSearchParams(next && next !== '/' ? { error: code, next } : { error: code })}`,
} as const;
