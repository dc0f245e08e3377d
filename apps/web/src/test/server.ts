import { api } from '@campus/contract/api';
import { paths } from '@campus/contract/paths';
import { refusal, type Refusal, type RefusalArgs, type RefusalCode } from '@campus/contract/refusals';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { aConfig } from './fixtures';

/** The success envelope (docs/product.md#envelope). */
export const ok = (data: unknown, message = '', status = 200) => HttpResponse.json({ statusCode: status, data, message, success: true }, { status });

/** The error envelope of a refusal, as the server answers it: its English beside its code, field and params. */
export const refused = (r: Refusal, status = r.status) =>
  HttpResponse.json({ statusCode: status, data: null, message: r.message, errors: [r.message], success: false, code: r.code, ...(r.field ? { field: r.field } : {}), params: r.params }, { status });

/** The catalogue's refusal `code` (refusals.ts), with its status: `fail('course_not_found')`, `fail('too_many_characters', { field: 'title', params: { max: 80 } })`. */
export const fail = <C extends RefusalCode>(code: C, ...args: RefusalArgs<C>) => refused(refusal(code, ...args));

/**
 * The API as seen by a visitor who is not logged in. Tests add what they need with server.use;
 * any call nobody expected fails the test (onUnhandledRequest: 'error').
 */
export const server = setupServer(
  http.get(paths.config, () => ok(aConfig())),
  // The bell polls this for whoever is logged in (jsdom has no EventSource): nothing unread.
  http.get(paths.notifications.list, () => ok({ readnotifications: [], unreadnotifications: [], notifications: [] })),
  http.get(paths.notifications.unreadCount, () => ok({ unread: 0 })),
  // A logged-in user's home page: no events, no courses, nothing unread, no open requests.
  http.get(paths.events.today, () => ok({ listofevents: [] })),
  http.get(paths.events.other, () => ok({ listofevents: [] })),
  http.get(paths.courses.myCourses, () => ok({ listofcourses: [] })),
  http.get(paths.courses.myCoursesTeacher, () => ok({ listofcourses: [] })),
  http.get(paths.notifications.recent, () => ok({ notifications: [], unread: 0 })),
  http.get(paths.applications.all, () => ok({ allapplications: [] })),
  // A student's home card of coursework due soon: nothing due unless a test says otherwise.
  http.get(paths.coursework.dueSoon, () => ok({ assignments: [] })),
  // A student's own requests (the marksheet page shows a declined one's reason): none unless a test says otherwise.
  http.get(api.applications.ofUser.path, () => ok({ allapplications: [] })),
  // The exam office's home card of students without a photo: none unless a test says otherwise.
  http.get(paths.documents.withoutPhoto, () => ok({ students: [] })),
  http.get(paths.users.currentUser, () => fail('login_required')),
  // A student's admit card is not signed until a paper has an exam date (the hall ticket's QR code).
  http.get(paths.documents.admitCard, () => fail('no_exam_dates_yet')),
  // A marksheet's signed token (its QR code beside the file); /verify's tests make real ones.
  http.get(api.documents.marksheet.path, ({ params }) => ok({ token: `header.${String(params.marksheetId)}.signature`, claims: {} })),
  // No campus sign-in provider: the login page is the password form alone.
  http.get(paths.auth.providers, () => ok({ providers: [] })),
);

/** From now on, current-user answers this user (signed in with a password unless `signedInWith` says). */
export function loggedInAs(user: object) {
  server.use(http.get(paths.users.currentUser, () => ok({ signedInWith: null, ...user })));
}
