import { randomBytes } from 'node:crypto';
import { fieldLabel, isRefusalCode, paths, type CampusEvent, type Course, type Note } from '@campus/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assignmentMarks, passwordResets, users } from '../src/db/schema';
import { hashToken } from '../src/platform/auth/sessions';
import type { RateLimit } from '../src/platform/config/config';
import { signingKey, signUnsubscribe } from '../src/features/notifications/unsubscribe-token';
import { photoLink } from '../src/features/documents/photo-links';
import { startAttempt } from '../src/features/sign-in/attempts';
import { OFFLINE_OIDC, OFFLINE_ORIGIN, OFFLINE_SAML, offlineProviders } from './sign-in-providers';
import { EVERY_ROUTE_REFUSALS } from '../src/platform/http/contract-route';
import { useTestApp } from './build-app';
import { insertAssignment } from './coursework-factories';
import { DEFAULT_PASSWORD, buildCourse, buildEvent, buildNote, buildProfessor, buildStudent, courseFields, eventFields, joinCourse, loginAdmin, loginExamOffice, userFields, withCookie, type TestUser } from './factories';
import { startFakeTextgen, type FakeTextgen } from './fake-textgen';
import { multipart, pngAvatar, pngThumbnail, textFile, tinyPdf, type FilePart } from './fixtures';
import { racingFirstMarksheet } from './racing-upload';
import { send, type Answer } from './send';
import { startSmtpServer, testMailConfig, type TestSmtp } from './smtp-server';

/**
 * Every refusal each route declares (the 4xx of its registered response schema: 400, 401, 403,
 * 404, 409, 413, 415, 429) provoked over a real socket, as browsers and scripts meet them: each is
 * answered with that status and the JSON error envelope, and a 400 names its field. A route, or a
 * declared status of one, without a case fails the suite; so does a case for a status the route
 * does not declare. 502 and 503 (a text generator or a store that fails, mail that is off) are
 * the services' doing and are not provoked here.
 *
 * Each route's row starts from a request that succeeds (the authorization matrix sends its like
 * and sees it succeed); its cases are variations of it. Refusals change nothing, so every row
 * shares one world, built once: the file stays well under a minute.
 */
let textgen: FakeTextgen;
let smtp: TestSmtp;
beforeAll(async () => {
  textgen = await startFakeTextgen();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await textgen.close();
  await smtp.stop();
});
const MAIL_SECRET = 'refusals-test-mail-secret-long-enough-to-pass';
// Mail and drafting on, so that forgot-password and draft-description succeed when nothing is wrong.
const providers = await offlineProviders();
const ctx = useTestApp(() => ({ textgen: textgen.openai(), mail: testMailConfig(smtp), mailSecret: MAIL_SECRET, signInProviders: providers, publicOrigin: OFFLINE_ORIGIN }), { resetEachTest: false });

/**
 * The same app with every rate limit at 1 (login throttle included), for the 429s. Its counters
 * are its own; the world's users share them across rows, so a row's first request may already
 * be over a limit another row used up: only the second one's 429 is asserted.
 */
let limited: FastifyInstance;
let world: World;
beforeAll(async () => {
  const one = <K extends string>(limits: Record<K, RateLimit>) => Object.fromEntries(Object.entries<RateLimit>(limits).map(([k, l]) => [k, { ...l, max: 1 }])) as Record<K, RateLimit>;
  limited = await ctx.extraApp({ rateLimits: one(ctx.config.rateLimits), login: one(ctx.config.login) });
  world = await buildWorld();
});

type Actor = 'anonymous' | 'me' | 'otherStudent' | 'professor' | 'otherProfessor' | 'office' | 'admin';

/**
 * What the requests act on: `me`, a student in semester 3 enrolled in `course` (owned by
 * `professor`, with `note`), with a marksheet for semester 1, an open request for semester 2 and
 * a calendar feed; `event` is hosted by `professor`, who was told when `me` joined. `admin` is
 * the only administrator; `deactivated` a student an administrator switched off.
 */
interface World extends Record<Exclude<Actor, 'anonymous'>, TestUser> {
  course: Course;
  note: Note;
  event: CampusEvent;
  notificationId: string;
  feedPath: string;
  resetToken: string;
  /** The link of a pending email change of `otherProfessor`'s. */
  emailChangeToken: string;
  /** The link of a pending change of `office`'s to an address `otherStudent` has. */
  takenEmailToken: string;
  deactivated: TestUser;
  /** A roster import (a preview) the administrator sent. */
  rosterImportId: string;
  /** `me`'s marksheet for semester 1. */
  marksheetId: string;
  /** `me`'s open request (semester 2), and a declined one (semester 3). */
  openApplicationId: string;
  declinedApplicationId: string;
  /** The sign-in cookie of a browser whose campus sign-in matched `otherStudent`'s signup account and waits for its password. */
  linkingBrowser: string;
  /** An assignment of `course` (out of 10, no rubric), and a post of its stream with a comment, both by `professor`. */
  classwork: { assignmentId: string; postId: string; commentId: string };
}

const pdfFile = (): FilePart => ({ filename: 'm.pdf', contentType: 'application/pdf', data: tinyPdf() });

async function buildWorld(): Promise<World> {
  const app = ctx.app;
  const [me, otherStudent, professor, otherProfessor, office] = [await buildStudent(app), await buildStudent(app), await buildProfessor(app), await buildProfessor(app), await loginExamOffice(app)];
  const course = await buildCourse(app, professor);
  await joinCourse(app, me, course._id);
  const note = await buildNote(app, professor, course._id);
  const event = await buildEvent(app, professor);
  const expect2xx = async (what: string, options: InjectOptions) => {
    const res = await app.inject(options);
    if (res.statusCode >= 300) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const marksheetId = (await expect2xx('marksheet', { method: 'POST', url: paths.marksheets.create(me.user._id), ...withCookie(multipart({ semester: 1 }, { marksheet: pdfFile() }), office.cookie) })).marksheet._id as string;
  const openApplicationId = (await expect2xx('application', { method: 'POST', url: paths.applications.create, headers: { cookie: me.cookie }, payload: { semester: 2 } })).application._id as string;
  const declinedApplicationId = (await expect2xx('application', { method: 'POST', url: paths.applications.create, headers: { cookie: me.cookie }, payload: { semester: 3 } })).application._id as string;
  await expect2xx('decline', { method: 'POST', url: paths.applications.decline(declinedApplicationId), headers: { cookie: office.cookie }, payload: { reason: 'Fees unpaid' } });
  const list = await expect2xx('notifications', { method: 'GET', url: paths.notifications.list, headers: { cookie: professor.cookie } });
  const notificationId = (list.unreadnotifications as { notificationid: string }[])[0]!.notificationid;
  const feed = await expect2xx('calendar feed', { method: 'GET', url: paths.calendar.feed, headers: { cookie: me.cookie } });
  const resetToken = `refusals-reset-${me.user._id}`;
  await ctx.database.db.insert(passwordResets).values({ tokenHash: hashToken(resetToken), userId: me.user._id, expiresAt: new Date(Date.now() + 60_000) });
  const pendingChange = async (who: TestUser, pendingEmail: string) => {
    const token = `refusals-email-${who.user._id}`;
    await ctx.database.db
      .update(users)
      .set({ pendingEmail, emailChangeTokenHash: hashToken(token), emailChangeExpiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(users.id, who.user._id));
    return token;
  };
  const emailChangeToken = await pendingChange(otherProfessor, 'moving@campus.test');
  const takenEmailToken = await pendingChange(office, otherStudent.user.email);
  const admin = await loginAdmin(app);
  const deactivated = await buildStudent(app);
  await expect2xx('deactivation', { method: 'PATCH', url: paths.admin.updateUser(deactivated.user._id), headers: { cookie: admin.cookie }, payload: { active: false } });
  const roster = multipart({ kind: 'users' }, { file: { filename: 'u.csv', contentType: 'text/csv', data: Buffer.from('registrationId,email,fullname,role,semester,branch\n') } });
  const previewed = await app.inject({ method: 'POST', url: paths.admin.createImport, ...roster, headers: { ...roster.headers, cookie: admin.cookie } });
  if (previewed.statusCode !== 201) throw new Error(`roster preview failed: ${previewed.body}`);
  const rosterImportId = previewed.json().data.import._id as string;
  // A campus sign-in as it stands when it matched a signup account: written as the callback writes it.
  const linkingToken = randomBytes(32).toString('base64url');
  await startAttempt(
    ctx.database.db,
    { provider: OFFLINE_SAML, purpose: 'signIn', testerId: null, browserHash: hashToken(linkingToken), next: '/', stage: 'awaitingPassword', answer: { subject: 'saml-other', claims: { studentId: String(otherStudent.user.registrationId), mail: otherStudent.user.email, displayName: 'Other Student', affiliation: 'student' }, sid: null, registrationId: otherStudent.user.registrationId } },
    new Date(),
  );
  const assignment = await insertAssignment(ctx.database.db, course._id, { maxMarks: 10 });
  const postId = (await expect2xx('post', { method: 'POST', url: paths.coursework.post(course._id), headers: { cookie: professor.cookie }, payload: { text: 'Welcome' } })).post._id as string;
  const commentId = (await expect2xx('comment', { method: 'POST', url: paths.coursework.comment(postId), headers: { cookie: professor.cookie }, payload: { text: 'Questions below' } })).comment._id as string;
  const classwork = { assignmentId: assignment.id, postId, commentId };
  return { classwork, marksheetId, openApplicationId, declinedApplicationId, linkingBrowser: `campus_signin=${linkingToken}`, me, otherStudent, professor, otherProfessor, office, admin, deactivated, course, note, event, notificationId, feedPath: new URL(feed.url as string).pathname, resetToken, emailChangeToken, takenEmailToken, rosterImportId };
}

type Refusal = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

interface Case {
  name: string;
  /** The variation of the row's valid request (the valid request itself when absent). */
  request?: (w: World, valid: InjectOptions) => InjectOptions;
  /** Who sends it, when not the row's sender. */
  as?: Actor;
  /** A 400's field: errors[0] must name it (by its label). */
  names?: string;
  /** Sent to the app whose limits are all 1, once to use the allowance up (or find it used), then again: the second is refused. */
  limited?: true;
  /** Sends the case itself (a race only PostgreSQL can run): the refused request's answer, or undefined where it cannot run. */
  run?: (w: World) => Promise<Answer | undefined>;
}

interface Row {
  /** Who succeeds with `valid`. */
  as: Actor;
  /** A request that succeeds: the cases are variations of it. */
  valid: (w: World) => InjectOptions;
  refusals: Partial<Record<Refusal, Case[]>>;
}

const MB = 1024 * 1024;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Longer than any path segment may be (100 characters): a 400 naming the parameter. */
const LONG = 'x'.repeat(101);
const ELSEWHERE = 'https://elsewhere.example';

const withHeaders = (options: InjectOptions, headers: Record<string, string>): InjectOptions => ({ ...options, headers: { ...(options.headers as Record<string, string>), ...headers } });
const query = (url: string, params: Record<string, string>) => `${url}?${new URLSearchParams(params)}`;

/** The refusals a kind of route gives, from its valid request. */
const loggedOut: Case = { name: 'no session', as: 'anonymous' };
const crossSite: Case = { name: 'a write from another site', request: (_w, v) => withHeaders(v, { origin: ELSEWHERE }) };
const as = (actor: Actor, name: string): Case => ({ name, as: actor });
const limitedCase: Case = { name: 'the limit met', limited: true };
/** A declared length past the file's limit: refused before a byte of the body is read. */
const declaredTooLarge: Case = { name: 'a declared length past the limit', request: (_w, v) => withHeaders(v, { 'content-length': String(200 * MB) }) };
/** An executable where the file goes. */
const notAFile = (form: () => Record<string, string | number | undefined>, field: string, url: (w: World) => string, method = 'POST'): Case => ({
  name: 'an executable as the file',
  request: (w) => ({ method, url: url(w), ...multipart(form(), { [field]: { filename: 'a.png', contentType: 'image/png', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]) } }) }),
});
const field = (names: string, name: string, request: Case['request']): Case => ({ name, names, request });
/** A declared length past what a several-file form may carry. */
const declaredPast = (bytes: number): Case => ({ name: 'a declared length past the limit', request: (_w, v) => withHeaders(v, { 'content-length': String(bytes) }) });
/** An assignment's fields, due in the future. */
const workForm = () => ({ kind: 'assignment', title: 'Essay', maxMarks: 10, dueAt: '2031-01-01T10:00:00Z' });
/** A path parameter longer than any id: 400 naming it. */
const longParam = (names: string, url: (w: World) => string): Case => field(names, `${names} too long`, (w, v) => ({ ...v, url: url(w) }));
const unknown = (name: string, url: (w: World) => string, actor?: Actor): Case => ({ name, as: actor, request: (w, v) => ({ ...v, url: url(w) }) });

const userForm = () => userFields();
const courseForm = () => courseFields();
const eventForm = () => eventFields();
const editCourse = { title: 'Edited', description: 'Edited text', semester: 2, branch: 'Civil Engineering' };
const account = { email: 'renamed@campus.test', fullname: 'Renamed', branch: 'Civil Engineering', semester: 4 };
const json = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>): InjectOptions => ({ method, url, payload });
const get = (url: string): InjectOptions => ({ method: 'GET', url });
const unsubscribeToken = (w: World) => signUnsubscribe(signingKey(MAIL_SECRET), w.me.user._id, 'courses');

/** A GET any logged-in user may make: the one refusal is no session. */
const readable = (url: string): Row => ({ as: 'me', valid: () => get(url), refusals: { 401: [loggedOut] } });
/** A listing with paging (and filters): a bad limit or filter, and no session. */
const listing = (url: string, actor: Actor, bad: [string, string], wrongRole?: Actor): Row => ({
  as: actor,
  valid: () => get(url),
  refusals: {
    400: [field(bad[0], `${bad[0]}=${bad[1].slice(0, 12)}`, () => get(query(url, { [bad[0]]: bad[1] })))],
    401: [loggedOut],
    ...(wrongRole ? { 403: [as(wrongRole, `as ${wrongRole}`)] } : {}),
  },
});

const TABLE: Record<string, Row> = {
  'POST /api/v1/users/register': {
    as: 'anonymous',
    valid: () => ({ method: 'POST', url: paths.users.register, ...multipart(userForm(), pngAvatar()) }),
    refusals: {
      400: [
        field('branch', 'no branch', () => ({ method: 'POST', url: paths.users.register, ...multipart({ ...userForm(), branch: undefined }, pngAvatar()) })),
        field('fullname', 'a full name over two lines', () => ({ method: 'POST', url: paths.users.register, ...multipart({ ...userForm(), fullname: 'Ada\r\nLovelace' }, pngAvatar()) })),
      ],
      403: [crossSite],
      409: [
        { name: 'a registration id already registered', request: (w) => ({ method: 'POST', url: paths.users.register, ...multipart(userFields({ registrationId: w.me.user.registrationId, email: 'fresh@campus.test' }), pngAvatar()) }) },
        { name: 'an email already registered', request: (w) => ({ method: 'POST', url: paths.users.register, ...multipart({ ...userForm(), email: w.me.user.email.toUpperCase() }, pngAvatar()) }) },
        { name: "the exam office's registration id", request: (w) => ({ method: 'POST', url: paths.users.register, ...multipart(userFields({ registrationId: w.office.user.registrationId, email: 'office2@campus.test' }), pngAvatar()) }) },
      ],
      413: [declaredTooLarge],
      415: [notAFile(userForm, 'avatar', () => paths.users.register)],
      429: [limitedCase],
    },
  },
  'POST /api/v1/users/login': {
    as: 'anonymous',
    valid: (w) => json('POST', paths.users.login, { registrationId: w.me.user.registrationId, password: DEFAULT_PASSWORD }),
    refusals: {
      400: [field('registrationId', 'a registration id that is not a number', () => json('POST', paths.users.login, { registrationId: 'abc', password: DEFAULT_PASSWORD }))],
      401: [{ name: 'a wrong password', request: (w) => json('POST', paths.users.login, { registrationId: w.me.user.registrationId, password: 'not the password' }) }],
      403: [crossSite, { name: 'a deactivated account with its password', request: (w) => json('POST', paths.users.login, { registrationId: w.deactivated.user.registrationId, password: DEFAULT_PASSWORD }) }],
      429: [{ name: 'failed attempts past the limit', limited: true, request: (w) => json('POST', paths.users.login, { registrationId: w.me.user.registrationId, password: 'not the password' }) }],
    },
  },
  'POST /api/v1/users/logout': { as: 'me', valid: () => ({ method: 'POST', url: paths.users.logout }), refusals: { 401: [loggedOut], 403: [crossSite] } },
  'GET /api/v1/users/current-user': readable(paths.users.currentUser),
  'PATCH /api/v1/users/avatar': {
    as: 'me',
    valid: () => ({ method: 'PATCH', url: paths.users.avatar, ...multipart({}, pngAvatar()) }),
    refusals: {
      400: [field('avatar', 'no file', () => ({ method: 'PATCH', url: paths.users.avatar, ...multipart({ other: 'x' }) }))],
      401: [loggedOut],
      403: [crossSite],
      413: [declaredTooLarge],
      415: [notAFile(() => ({}), 'avatar', () => paths.users.avatar, 'PATCH')],
      429: [limitedCase],
    },
  },
  'PATCH /api/v1/users/update-account': {
    as: 'me',
    valid: () => json('PATCH', paths.users.updateAccount, { ...account, currentPassword: DEFAULT_PASSWORD }),
    refusals: {
      400: [
        field('email', 'an email over two lines', () => json('PATCH', paths.users.updateAccount, { ...account, email: 'renamed@campus.test\nBcc: x@y.z' })),
        field('fullname', 'a full name over two lines', () => json('PATCH', paths.users.updateAccount, { ...account, fullname: 'Re\nnamed' })),
        field('currentPassword', 'a new email without the current password', () => json('PATCH', paths.users.updateAccount, account)),
      ],
      401: [loggedOut],
      403: [crossSite],
      409: [{ name: "another user's email", request: (w) => json('PATCH', paths.users.updateAccount, { ...account, email: w.otherStudent.user.email, currentPassword: DEFAULT_PASSWORD }) }],
      429: [{ name: 'wrong current passwords past the limit', limited: true, request: () => json('PATCH', paths.users.updateAccount, { ...account, currentPassword: 'not the password' }) }],
    },
  },
  'POST /api/v1/users/confirm-email': {
    as: 'anonymous',
    valid: (w) => json('POST', paths.users.confirmEmail, { token: w.emailChangeToken }),
    refusals: {
      400: [
        field('token', 'no token', () => json('POST', paths.users.confirmEmail, {})),
        field('token', 'a token nobody was sent', () => json('POST', paths.users.confirmEmail, { token: 'a-token-nobody-was-sent' })),
      ],
      403: [crossSite],
      409: [{ name: 'an address someone else took meanwhile', request: (w) => json('POST', paths.users.confirmEmail, { token: w.takenEmailToken }) }],
    },
  },
  'POST /api/v1/users/change-password': {
    as: 'me',
    valid: () => json('POST', paths.users.changePassword, { oldpassword: DEFAULT_PASSWORD, newpassword: 'an entirely new passphrase' }),
    refusals: {
      400: [field('newpassword', 'a new password too short', () => json('POST', paths.users.changePassword, { oldpassword: DEFAULT_PASSWORD, newpassword: 'short' }))],
      401: [loggedOut],
      403: [crossSite],
      429: [{ name: 'wrong current passwords past the limit', limited: true, request: () => json('POST', paths.users.changePassword, { oldpassword: 'not the password', newpassword: 'an entirely new passphrase' }) }],
    },
  },
  'POST /api/v1/users/forgot-password': {
    as: 'anonymous',
    valid: (w) => json('POST', paths.users.forgotPassword, { registrationId: w.me.user.registrationId }),
    refusals: {
      400: [field('registrationId', 'no registration id', () => json('POST', paths.users.forgotPassword, {}))],
      403: [crossSite],
      429: [limitedCase],
    },
  },
  'POST /api/v1/users/reset-password': {
    as: 'anonymous',
    valid: (w) => json('POST', paths.users.resetPassword, { token: w.resetToken, newpassword: 'an entirely new passphrase' }),
    refusals: {
      400: [field('token', 'no token', () => json('POST', paths.users.resetPassword, { newpassword: 'an entirely new passphrase' }))],
      403: [crossSite],
      429: [{ name: 'tokens tried past the limit', limited: true, request: () => json('POST', paths.users.resetPassword, { token: 'a-token-nobody-was-sent', newpassword: 'an entirely new passphrase' }) }],
    },
  },
  'GET /api/v1/users/getuser/:userId': {
    as: 'me',
    valid: (w) => get(paths.users.getUser(w.me.user._id)),
    refusals: {
      400: [longParam('userId', () => paths.users.getUser(LONG))],
      401: [loggedOut],
      404: [unknown('an unknown user', () => paths.users.getUser(UNKNOWN_ID)), unknown('a user I may not see', (w) => paths.users.getUser(w.otherStudent.user._id))],
    },
  },

  'GET /api/v1/courses/allcourses': listing(paths.courses.all, 'me', ['limit', '0']),
  'GET /api/v1/courses/searchbysemester': listing(paths.courses.bySemester, 'me', ['semester', '10']),
  'GET /api/v1/courses/searchbytitle': listing(paths.courses.byTitle, 'me', ['title', 'x'.repeat(201)]),
  'GET /api/v1/courses/searchbyowner': listing(paths.courses.byOwner, 'professor', ['limit', 'abc'], 'me'),
  'GET /api/v1/courses/searchbymycoursesteacher': listing(paths.courses.myCoursesTeacher, 'professor', ['semester', 'abc'], 'me'),
  'GET /api/v1/courses/searchbystudent': listing(paths.courses.byStudent, 'me', ['limit', '501'], 'professor'),
  'GET /api/v1/courses/searchbymycourses': listing(paths.courses.myCourses, 'me', ['branch', 'Astrology'], 'professor'),
  'GET /api/v1/courses/examdates': { as: 'me', valid: () => get(paths.courses.examDates), refusals: { 401: [loggedOut], 403: [as('professor', 'as a professor')] } },
  'POST /api/v1/courses/create-course': {
    as: 'professor',
    valid: () => ({ method: 'POST', url: paths.courses.create, ...multipart(courseForm(), pngThumbnail()) }),
    refusals: {
      400: [field('title', 'a title over two lines', () => ({ method: 'POST', url: paths.courses.create, ...multipart({ ...courseForm(), title: 'Thermo\ndynamics' }) }))],
      401: [loggedOut],
      403: [crossSite, as('me', 'as a student'), as('office', 'as the exam office')],
      409: [{ name: "another course's number", request: (w) => ({ method: 'POST', url: paths.courses.create, ...multipart(courseFields({ coursenumber: ` ${w.course.coursenumber} ` }), pngThumbnail()) }) }],
      413: [declaredTooLarge],
      415: [notAFile(courseForm, 'thumbnail', () => paths.courses.create)],
      429: [limitedCase],
    },
  },
  'GET /api/v1/courses/getcourse/:courseId': {
    as: 'me',
    valid: (w) => get(paths.courses.get(w.course._id)),
    refusals: { 400: [longParam('courseId', () => paths.courses.get(LONG))], 401: [loggedOut], 404: [unknown('an unknown course', () => paths.courses.get(UNKNOWN_ID))] },
  },
  'PATCH /api/v1/courses/updatecourse/:courseId': {
    as: 'professor',
    valid: (w) => json('PATCH', paths.courses.update(w.course._id), editCourse),
    refusals: {
      400: [field('title', 'a title over two lines', (w) => json('PATCH', paths.courses.update(w.course._id), { ...editCourse, title: 'Edi\r\nted' })), longParam('courseId', () => paths.courses.update(LONG))],
      401: [loggedOut],
      403: [crossSite, as('otherProfessor', 'as another professor'), as('me', 'as a student')],
      404: [unknown('an unknown course', () => paths.courses.update(UNKNOWN_ID))],
    },
  },
  'PATCH /api/v1/courses/updatecoursethumbnail/:courseId': {
    as: 'professor',
    valid: (w) => ({ method: 'PATCH', url: paths.courses.updateThumbnail(w.course._id), ...multipart({}, pngThumbnail()) }),
    refusals: {
      400: [
        field('thumbnail', 'no file', (w) => ({ method: 'PATCH', url: paths.courses.updateThumbnail(w.course._id), ...multipart({ other: 'x' }) })),
        longParam('courseId', () => paths.courses.updateThumbnail(LONG)),
      ],
      401: [loggedOut],
      403: [crossSite, as('otherProfessor', 'as another professor'), as('me', 'as a student')],
      404: [unknown('an unknown course', () => paths.courses.updateThumbnail(UNKNOWN_ID))],
      413: [declaredTooLarge],
      415: [notAFile(() => ({}), 'thumbnail', (w) => paths.courses.updateThumbnail(w.course._id), 'PATCH')],
      429: [limitedCase],
    },
  },
  'DELETE /api/v1/courses/deletecourse/:courseId': {
    as: 'professor',
    valid: (w) => ({ method: 'DELETE', url: paths.courses.delete(w.course._id) }),
    refusals: {
      400: [longParam('courseId', () => paths.courses.delete(LONG))],
      401: [loggedOut],
      403: [crossSite, as('otherProfessor', 'as another professor')],
      404: [unknown('an unknown course', () => paths.courses.delete(UNKNOWN_ID))],
    },
  },
  'GET /api/v1/courses/studentsofcourse/:courseId': {
    as: 'me',
    valid: (w) => get(paths.courses.students(w.course._id)),
    refusals: { 400: [longParam('courseId', () => paths.courses.students(LONG))], 401: [loggedOut], 404: [unknown('an unknown course', () => paths.courses.students(UNKNOWN_ID))] },
  },
  'PATCH /api/v1/courses/addstudenttocourse/:courseId': {
    as: 'otherStudent',
    valid: (w) => ({ method: 'PATCH', url: paths.courses.join(w.course._id) }),
    refusals: {
      400: [longParam('courseId', () => paths.courses.join(LONG))],
      401: [loggedOut],
      403: [crossSite, as('professor', 'as a professor')],
      404: [unknown('an unknown course', () => paths.courses.join(UNKNOWN_ID))],
      409: [as('me', 'already joined')],
    },
  },
  'PATCH /api/v1/courses/removestudentfromcourse/:courseId': {
    as: 'me',
    valid: (w) => ({ method: 'PATCH', url: paths.courses.leave(w.course._id) }),
    refusals: {
      400: [longParam('courseId', () => paths.courses.leave(LONG))],
      401: [loggedOut],
      403: [crossSite, as('professor', 'as a professor')],
      404: [unknown('an unknown course', () => paths.courses.leave(UNKNOWN_ID))],
      409: [as('otherStudent', 'not joined')],
    },
  },
  'PATCH /api/v1/courses/removestudent/:courseId/:studentId': {
    as: 'professor',
    valid: (w) => ({ method: 'PATCH', url: paths.courses.removeStudent(w.course._id, w.me.user._id) }),
    refusals: {
      400: [longParam('studentId', (w) => paths.courses.removeStudent(w.course._id, LONG))],
      401: [loggedOut],
      403: [crossSite, as('otherProfessor', 'as another professor')],
      404: [unknown('a student not enrolled', (w) => paths.courses.removeStudent(w.course._id, w.otherStudent.user._id)), unknown('an unknown course', (w) => paths.courses.removeStudent(UNKNOWN_ID, w.me.user._id))],
    },
  },

  'GET /api/v1/notes/notesofcourse/:courseId': {
    as: 'me',
    valid: (w) => get(paths.notes.ofCourse(w.course._id)),
    refusals: {
      400: [longParam('courseId', () => paths.notes.ofCourse(LONG))],
      401: [loggedOut],
      403: [as('otherStudent', 'a student not enrolled')],
      404: [unknown('an unknown course', () => paths.notes.ofCourse(UNKNOWN_ID))],
    },
  },
  'POST /api/v1/notes/create-notes/:courseId': {
    as: 'professor',
    valid: (w) => ({ method: 'POST', url: paths.notes.create(w.course._id), ...multipart({ filename: 'Week 2' }, { notesfile: textFile('w2.txt', 'two') }) }),
    refusals: {
      400: [
        field('filename', 'a file name over two lines', (w, v) => ({ ...v, ...multipart({ filename: 'Week\n2' }, { notesfile: textFile('w2.txt', 'two') }), url: paths.notes.create(w.course._id) })),
        longParam('courseId', () => paths.notes.create(LONG)),
      ],
      401: [loggedOut],
      403: [crossSite, as('otherProfessor', 'as another professor')],
      404: [unknown('an unknown course', () => paths.notes.create(UNKNOWN_ID))],
      413: [declaredTooLarge],
      415: [notAFile(() => ({ filename: 'Week 2' }), 'notesfile', (w) => paths.notes.create(w.course._id))],
      429: [limitedCase],
    },
  },
  'DELETE /api/v1/notes/delete-notes/:notesId': {
    as: 'professor',
    valid: (w) => ({ method: 'DELETE', url: paths.notes.delete(w.note._id) }),
    refusals: {
      400: [longParam('notesId', () => paths.notes.delete(LONG))],
      401: [loggedOut],
      403: [crossSite, as('me', 'an enrolled student')],
      404: [unknown('unknown notes', () => paths.notes.delete(UNKNOWN_ID)), as('otherStudent', 'notes the caller may not read')],
    },
  },

  // ── Coursework: assignments and submissions
  'POST /api/v1/coursework/course/:courseId': {
    as: 'professor',
    valid: (w) => ({ method: 'POST', url: paths.coursework.create(w.course._id), ...multipart(workForm(), { attachments: textFile('brief.txt', 'brief') }) }),
    refusals: {
      400: [field('maxMarks', 'maxMarks 0', (w) => ({ method: 'POST', url: paths.coursework.create(w.course._id), ...multipart({ ...workForm(), maxMarks: 0 }) }))],
      401: [loggedOut],
      403: [crossSite, as('me', 'an enrolled student')],
      404: [unknown('an unknown course', () => paths.coursework.create(UNKNOWN_ID)), as('otherProfessor', 'another professor')],
      // Five attachments of 50 MB may come: past that, refused before a byte is read.
      413: [declaredPast(300 * MB)],
      415: [notAFile(workForm, 'attachments', (w) => paths.coursework.create(w.course._id))],
      429: [limitedCase],
    },
  },
  'GET /api/v1/coursework/course/:courseId': {
    as: 'me',
    valid: (w) => get(paths.coursework.ofCourse(w.course._id)),
    refusals: {
      400: [longParam('courseId', () => paths.coursework.ofCourse(LONG))],
      401: [loggedOut],
      404: [unknown('an unknown course', () => paths.coursework.ofCourse(UNKNOWN_ID)), as('otherStudent', 'a student not enrolled')],
    },
  },
  'GET /api/v1/coursework/:assignmentId': {
    as: 'me',
    valid: (w) => get(paths.coursework.get(w.classwork.assignmentId)),
    refusals: {
      400: [longParam('assignmentId', () => paths.coursework.get(LONG))],
      401: [loggedOut],
      404: [unknown('an unknown assignment', () => paths.coursework.get(UNKNOWN_ID)), as('otherProfessor', 'another professor')],
    },
  },
  'PATCH /api/v1/coursework/:assignmentId': {
    as: 'professor',
    valid: (w) => json('PATCH', paths.coursework.update(w.classwork.assignmentId), { title: 'Essay one, revised' }),
    refusals: {
      400: [field('dueAt', 'a due time without its offset', (_w, v) => ({ ...v, payload: { dueAt: '2031-01-01T10:00' } }))],
      401: [loggedOut],
      403: [crossSite, as('me', 'an enrolled student')],
      404: [unknown('an unknown assignment', () => paths.coursework.update(UNKNOWN_ID)), as('otherStudent', 'a student not enrolled')],
      409: [
        {
          name: 'a rubric marks were given with',
          run: async (w) => {
            const rubric = [{ criterion: 'Clarity', levels: [{ label: 'Good', marks: 10 }] }];
            const marked = await insertAssignment(ctx.database.db, w.course._id, { maxMarks: 10, rubric });
            await ctx.database.db.insert(assignmentMarks).values({ assignmentId: marked.id, studentId: w.me.user._id, marksHundredths: 1000, rubric: [0] });
            const changed = [{ criterion: 'Clarity', levels: [{ label: 'Top', marks: 10 }] }];
            return send(ctx.app, { method: 'PATCH', url: paths.coursework.update(marked.id), headers: { cookie: w.professor.cookie }, payload: { rubric: changed } }, 'http');
          },
        },
      ],
    },
  },
  'DELETE /api/v1/coursework/:assignmentId': {
    as: 'professor',
    valid: (w) => ({ method: 'DELETE', url: paths.coursework.delete(w.classwork.assignmentId) }),
    refusals: {
      400: [longParam('assignmentId', () => paths.coursework.delete(LONG))],
      401: [loggedOut],
      403: [crossSite, as('me', 'an enrolled student')],
      404: [unknown('an unknown assignment', () => paths.coursework.delete(UNKNOWN_ID)), as('otherProfessor', 'another professor')],
    },
  },
  'PUT /api/v1/coursework/:assignmentId/extensions/:studentId': {
    as: 'professor',
    valid: (w) => ({ method: 'PUT', url: paths.coursework.extend(w.classwork.assignmentId, w.me.user._id), payload: { dueAt: '2031-01-01T10:00:00Z' } }),
    refusals: {
      400: [field('dueAt', 'a day, not a moment', (_w, v) => ({ ...v, payload: { dueAt: '2031-01-01' } }))],
      401: [loggedOut],
      403: [crossSite, as('me', 'an enrolled student')],
      404: [
        unknown('an unknown assignment', (w) => paths.coursework.extend(UNKNOWN_ID, w.me.user._id)),
        unknown('a student not enrolled', (w) => paths.coursework.extend(w.classwork.assignmentId, w.otherStudent.user._id)),
      ],
    },
  },
  'POST /api/v1/coursework/:assignmentId/submission': {
    as: 'me',
    valid: (w) => ({ method: 'POST', url: paths.coursework.submit(w.classwork.assignmentId), ...multipart({ text: 'My essay' }, { files: textFile('essay.txt', 'words') }) }),
    refusals: {
      400: [field('text', 'text too long', (w) => ({ method: 'POST', url: paths.coursework.submit(w.classwork.assignmentId), ...multipart({ text: 't'.repeat(20_001) }) }))],
      401: [loggedOut],
      403: [crossSite, as('professor', 'the owner, who does not hand in')],
      404: [unknown('an unknown assignment', () => paths.coursework.submit(UNKNOWN_ID)), as('otherStudent', 'a student not enrolled')],
      409: [
        {
          name: 'after the closing time',
          run: async (w) => {
            const closed = await insertAssignment(ctx.database.db, w.course._id, { dueAt: new Date(Date.now() - 7_200_000), closesAt: new Date(Date.now() - 3_600_000) });
            return send(ctx.app, { method: 'POST', url: paths.coursework.submit(closed.id), ...withCookie(multipart({ text: 'Too late' }), w.me.cookie) }, 'http');
          },
        },
      ],
      // Refused before a byte is read: past ten files of 50 MB, and past the 100 MB they may add up to.
      413: [declaredPast(600 * MB), { name: 'a declared length past what a submission may add up to', request: (_w, v) => withHeaders(v, { 'content-length': String(150 * MB) }) }],
      415: [notAFile(() => ({ text: 'My essay' }), 'files', (w) => paths.coursework.submit(w.classwork.assignmentId))],
      429: [limitedCase],
    },
  },
  'GET /api/v1/coursework/:assignmentId/submission': {
    as: 'me',
    valid: (w) => get(paths.coursework.mySubmission(w.classwork.assignmentId)),
    refusals: {
      400: [longParam('assignmentId', () => paths.coursework.mySubmission(LONG))],
      401: [loggedOut],
      403: [as('professor', 'the owner')],
      404: [unknown('an unknown assignment', () => paths.coursework.mySubmission(UNKNOWN_ID)), as('otherStudent', 'a student not enrolled')],
    },
  },
  'GET /api/v1/coursework/:assignmentId/submissions': {
    as: 'professor',
    valid: (w) => get(paths.coursework.submissions(w.classwork.assignmentId)),
    refusals: {
      400: [longParam('assignmentId', () => paths.coursework.submissions(LONG))],
      401: [loggedOut],
      403: [as('me', 'an enrolled student')],
      404: [unknown('an unknown assignment', () => paths.coursework.submissions(UNKNOWN_ID)), as('otherProfessor', 'another professor')],
    },
  },
  'GET /api/v1/coursework/:assignmentId/submissions.zip': {
    as: 'professor',
    valid: (w) => get(paths.coursework.submissionsZip(w.classwork.assignmentId)),
    refusals: {
      400: [longParam('assignmentId', () => paths.coursework.submissionsZip(LONG))],
      401: [loggedOut],
      403: [as('me', 'an enrolled student')],
      404: [unknown('an unknown assignment', () => paths.coursework.submissionsZip(UNKNOWN_ID)), as('otherProfessor', 'another professor')],
    },
  },
  // ── end of Coursework: assignments and submissions

  // ── Coursework: marks, gradebook and stream
  'PUT /api/v1/coursework/:assignmentId/marks/:studentId': {
    as: 'professor',
    valid: (w) => ({ method: 'PUT', url: paths.coursework.mark(w.classwork.assignmentId, w.me.user._id), payload: { marks: 7 } }),
    refusals: {
      400: [
        field('marks', 'marks over the maximum', (w, v) => ({ ...v, payload: { marks: 10.5 } })),
        field('rubric', 'a rubric the assignment has not', (w, v) => ({ ...v, payload: { rubric: [0] } })),
        field('marks', 'three decimals', (w, v) => ({ ...v, payload: { marks: 1.234 } })),
      ],
      401: [loggedOut],
      403: [crossSite, as('me', 'an enrolled student')],
      404: [
        unknown('an unknown assignment', (w) => paths.coursework.mark(UNKNOWN_ID, w.me.user._id)),
        unknown('a student not enrolled', (w) => paths.coursework.mark(w.classwork.assignmentId, w.otherStudent.user._id)),
        as('otherProfessor', 'another professor'),
      ],
    },
  },
  'POST /api/v1/coursework/:assignmentId/return': {
    as: 'professor',
    valid: (w) => json('POST', paths.coursework.return(w.classwork.assignmentId), {}),
    refusals: {
      400: [field('studentIds', 'a student id that is no id', (w, v) => ({ ...v, payload: { studentIds: ['nope'] } }))],
      401: [loggedOut],
      403: [crossSite, as('me', 'an enrolled student')],
      404: [unknown('an unknown assignment', () => paths.coursework.return(UNKNOWN_ID)), as('otherStudent', 'a student not enrolled')],
    },
  },
  'GET /api/v1/coursework/course/:courseId/gradebook': {
    as: 'professor',
    valid: (w) => get(paths.coursework.gradebook(w.course._id)),
    refusals: {
      400: [field('format', 'format=xml', (w) => get(query(paths.coursework.gradebook(w.course._id), { format: 'xml' })))],
      401: [loggedOut],
      403: [as('me', 'an enrolled student')],
      404: [unknown('an unknown course', () => paths.coursework.gradebook(UNKNOWN_ID)), as('otherProfessor', 'another professor')],
    },
  },
  'GET /api/v1/coursework/me': { as: 'me', valid: () => get(paths.coursework.myMarks), refusals: { 401: [loggedOut], 403: [as('professor', 'a professor')] } },
  'GET /api/v1/coursework/due-soon': { as: 'me', valid: () => get(paths.coursework.dueSoon), refusals: { 401: [loggedOut], 403: [as('professor', 'a professor')] } },
  'GET /api/v1/coursework/course/:courseId/stream': {
    as: 'me',
    valid: (w) => get(paths.coursework.stream(w.course._id)),
    refusals: {
      400: [field('limit', 'limit=0', (w) => get(query(paths.coursework.stream(w.course._id), { limit: '0' }))), field('cursor', 'a cursor it never wrote', (w) => get(query(paths.coursework.stream(w.course._id), { cursor: 'bm90LWEtY3Vyc29y' })))],
      401: [loggedOut],
      404: [unknown('an unknown course', () => paths.coursework.stream(UNKNOWN_ID)), as('otherStudent', 'a student not enrolled')],
    },
  },
  'POST /api/v1/coursework/course/:courseId/stream': {
    as: 'professor',
    valid: (w) => json('POST', paths.coursework.post(w.course._id), { text: 'Room change' }),
    refusals: {
      400: [field('text', 'no text', (w, v) => ({ ...v, payload: {} }))],
      401: [loggedOut],
      403: [crossSite, as('me', 'an enrolled student')],
      404: [unknown('an unknown course', () => paths.coursework.post(UNKNOWN_ID)), as('otherProfessor', 'another professor')],
      429: [limitedCase],
    },
  },
  'POST /api/v1/coursework/stream/:postId/comments': {
    as: 'me',
    valid: (w) => json('POST', paths.coursework.comment(w.classwork.postId), { text: 'Noted' }),
    refusals: {
      400: [field('text', 'text too long', (w, v) => ({ ...v, payload: { text: 't'.repeat(2001) } }))],
      401: [loggedOut],
      403: [crossSite],
      404: [unknown('an unknown post', () => paths.coursework.comment(UNKNOWN_ID)), as('otherStudent', 'a student not enrolled')],
      429: [limitedCase],
    },
  },
  'DELETE /api/v1/coursework/stream/:postId': {
    as: 'professor',
    valid: (w) => ({ method: 'DELETE', url: paths.coursework.deletePost(w.classwork.postId) }),
    refusals: {
      400: [longParam('postId', () => paths.coursework.deletePost(LONG))],
      401: [loggedOut],
      403: [crossSite, as('me', 'an enrolled student')],
      404: [unknown('an unknown post', () => paths.coursework.deletePost(UNKNOWN_ID)), as('otherProfessor', 'another professor')],
    },
  },
  // `professor` wrote the comment: `me`, enrolled, is neither its author nor the owner.
  'DELETE /api/v1/coursework/comments/:commentId': {
    as: 'professor',
    valid: (w) => ({ method: 'DELETE', url: paths.coursework.deleteComment(w.classwork.commentId) }),
    refusals: {
      400: [longParam('commentId', () => paths.coursework.deleteComment(LONG))],
      401: [loggedOut],
      403: [crossSite, as('me', 'an enrolled student, not its author')],
      404: [unknown('an unknown comment', () => paths.coursework.deleteComment(UNKNOWN_ID)), as('otherStudent', 'a student not enrolled')],
    },
  },
  // ── end of Coursework: marks, gradebook and stream

  'GET /api/v1/notifications/getnotification': readable(paths.notifications.list),
  'GET /api/v1/notifications/unread-count': readable(paths.notifications.unreadCount),
  'GET /api/v1/notifications/recent': listing(paths.notifications.recent, 'me', ['limit', '21']),
  'PATCH /api/v1/notifications/readnotification/:notificationId': {
    as: 'professor',
    valid: (w) => ({ method: 'PATCH', url: paths.notifications.read(w.notificationId) }),
    refusals: {
      400: [longParam('notificationId', () => paths.notifications.read(LONG))],
      401: [loggedOut],
      403: [crossSite],
      404: [unknown('an unknown notification', () => paths.notifications.read('999999999')), as('me', "someone else's notification")],
    },
  },
  'PATCH /api/v1/notifications/readallnotifications': { as: 'me', valid: () => ({ method: 'PATCH', url: paths.notifications.readAll }), refusals: { 401: [loggedOut], 403: [crossSite] } },
  'GET /api/v1/notifications/stream': listing(paths.notifications.stream, 'me', ['lastEventId', '1'.repeat(50)]),
  'GET /api/v1/notifications/preferences': readable(paths.notifications.preferences),
  'PATCH /api/v1/notifications/preferences': {
    as: 'me',
    valid: () => json('PATCH', paths.notifications.updatePreferences, { courses: 'daily' }),
    refusals: { 400: [field('courses', 'a delivery that does not exist', () => json('PATCH', paths.notifications.updatePreferences, { courses: 'weekly' }))], 401: [loggedOut], 403: [crossSite] },
  },
  'GET /api/v1/notifications/unsubscribe': {
    as: 'anonymous',
    valid: (w) => get(query(paths.notifications.unsubscribePage, { token: unsubscribeToken(w) })),
    refusals: { 400: [field('token', 'no token', () => get(paths.notifications.unsubscribePage))] },
  },
  'GET /api/v1/notifications/unsubscribe/status': {
    as: 'anonymous',
    valid: (w) => get(query(paths.notifications.unsubscribeStatus, { token: unsubscribeToken(w) })),
    refusals: { 400: [field('token', 'no token', () => get(paths.notifications.unsubscribeStatus))] },
  },
  'POST /api/v1/notifications/unsubscribe': {
    as: 'anonymous',
    valid: (w) => ({ method: 'POST', url: query(paths.notifications.unsubscribe, { token: unsubscribeToken(w) }), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' }),
    refusals: {
      400: [field('token', 'no token', (_w, v) => ({ ...v, url: paths.notifications.unsubscribe })), field('List-Unsubscribe', 'another value', (_w, v) => ({ ...v, payload: 'List-Unsubscribe=Yes' }))],
      403: [crossSite],
    },
  },

  'POST /api/v1/applications/createapplication': {
    as: 'me',
    valid: () => json('POST', paths.applications.create, { semester: 3 }),
    refusals: {
      400: [field('semester', 'a semester that is not a number', () => json('POST', paths.applications.create, { semester: 'abc' }))],
      401: [loggedOut],
      403: [crossSite, as('professor', 'as a professor')],
      409: [
        { name: 'a semester already asked for', request: () => json('POST', paths.applications.create, { semester: 2 }) },
        { name: 'a semester whose marksheet exists', request: () => json('POST', paths.applications.create, { semester: 1 }) },
      ],
    },
  },
  'POST /api/v1/applications/decline/:applicationId': {
    as: 'office',
    valid: (w) => json('POST', paths.applications.decline(w.openApplicationId), { reason: 'Fees unpaid' }),
    refusals: {
      400: [field('reason', 'no reason', (w) => json('POST', paths.applications.decline(w.openApplicationId), { reason: ' ' })), longParam('applicationId', () => paths.applications.decline(LONG))],
      401: [loggedOut],
      403: [crossSite, as('professor', 'as a professor'), as('me', 'as the student')],
      404: [unknown('an unknown request', () => paths.applications.decline(UNKNOWN_ID))],
      409: [{ name: 'a request already declined', request: (w, v) => ({ ...v, url: paths.applications.decline(w.declinedApplicationId) }) }],
    },
  },
  'GET /api/v1/applications/semesterapplied': { as: 'me', valid: () => get(paths.applications.semestersApplied), refusals: { 401: [loggedOut], 403: [as('professor', 'as a professor')] } },
  'GET /api/v1/applications/allapplications': { as: 'office', valid: () => get(paths.applications.all), refusals: { 401: [loggedOut], 403: [as('professor', 'as a professor'), as('me', 'as a student')] } },
  'GET /api/v1/applications/applicationofuser/:userId': {
    as: 'me',
    valid: (w) => get(paths.applications.ofUser(w.me.user._id)),
    refusals: { 400: [longParam('userId', () => paths.applications.ofUser(LONG))], 401: [loggedOut], 404: [unknown("another student's", (w) => paths.applications.ofUser(w.otherStudent.user._id))] },
  },
  'GET /api/v1/marksheets/getallapplicantmarksheets/:userId': {
    as: 'me',
    valid: (w) => get(paths.marksheets.ofUser(w.me.user._id)),
    refusals: { 400: [longParam('userId', () => paths.marksheets.ofUser(LONG))], 401: [loggedOut], 404: [unknown("another student's", (w) => paths.marksheets.ofUser(w.otherStudent.user._id))] },
  },
  'GET /api/v1/marksheets/marksheetexists/:userId/:semester': {
    as: 'me',
    valid: (w) => get(paths.marksheets.exists(w.me.user._id, 1)),
    refusals: {
      400: [field('semester', 'a semester that is not a number', (w) => get(paths.marksheets.exists(w.me.user._id, 'abc')))],
      401: [loggedOut],
      404: [unknown('a semester without one', (w) => paths.marksheets.exists(w.me.user._id, 2)), unknown("another student's", (w) => paths.marksheets.exists(w.otherStudent.user._id, 1))],
    },
  },
  'POST /api/v1/marksheets/createmarksheet/:applicantId': {
    as: 'office',
    valid: (w) => ({ method: 'POST', url: paths.marksheets.create(w.me.user._id), ...multipart({ semester: 2 }, { marksheet: pdfFile() }) }),
    refusals: {
      400: [field('semester', 'a semester that is not a number', (w) => ({ method: 'POST', url: paths.marksheets.create(w.me.user._id), ...multipart({ semester: 'abc' }, { marksheet: pdfFile() }) }))],
      401: [loggedOut],
      403: [crossSite, as('professor', 'as a professor')],
      404: [unknown('an unknown applicant', () => paths.marksheets.create(UNKNOWN_ID)), unknown('a professor as applicant', (w) => paths.marksheets.create(w.professor.user._id))],
      409: [
        {
          name: 'two first uploads for one semester at once (PostgreSQL only)',
          run: (w) => racingFirstMarksheet(ctx, w.me.user._id, 3, () => send(ctx.app, { method: 'POST', url: paths.marksheets.create(w.me.user._id), ...withCookie(multipart({ semester: 3 }, { marksheet: pdfFile() }), w.office.cookie) }, 'http')),
        },
      ],
      413: [declaredTooLarge],
      415: [notAFile(() => ({ semester: 2 }), 'marksheet', (w) => paths.marksheets.create(w.me.user._id))],
    },
  },

  'GET /api/v1/events/today-events': readable(paths.events.today),
  'GET /api/v1/events/other-events': readable(paths.events.other),
  'GET /api/v1/events/all-events': readable(paths.events.all),
  'GET /api/v1/events/my-events': readable(paths.events.mine),
  'GET /api/v1/events/searchbytitle': listing(paths.events.byTitle, 'me', ['title', 'x'.repeat(201)]),
  'GET /api/v1/events/get-event/:eventId': {
    as: 'me',
    valid: (w) => get(paths.events.get(w.event._id)),
    refusals: { 400: [longParam('eventId', () => paths.events.get(LONG))], 401: [loggedOut], 404: [unknown('an unknown event', () => paths.events.get(UNKNOWN_ID))] },
  },
  'POST /api/v1/events/create-event': {
    as: 'me',
    valid: () => ({ method: 'POST', url: paths.events.create, ...multipart(eventForm(), pngThumbnail()) }),
    refusals: {
      400: [
        field('venue', 'a venue over two lines', () => ({ method: 'POST', url: paths.events.create, ...multipart({ ...eventForm(), venue: 'Main\nHall' }) })),
        field('title', 'a title over two lines', () => ({ method: 'POST', url: paths.events.create, ...multipart({ ...eventForm(), title: 'Robotics\u2028night' }) })),
      ],
      401: [loggedOut],
      403: [crossSite],
      413: [declaredTooLarge],
      415: [notAFile(eventForm, 'thumbnail', () => paths.events.create)],
      429: [limitedCase],
    },
  },
  'PATCH /api/v1/events/update-event/:eventId': {
    as: 'professor',
    valid: (w) => ({ method: 'PATCH', url: paths.events.update(w.event._id), ...multipart(eventForm(), pngThumbnail()) }),
    refusals: {
      400: [
        field('venue', 'a venue over two lines', (w) => ({ method: 'PATCH', url: paths.events.update(w.event._id), ...multipart({ ...eventForm(), venue: 'Main\nHall' }) })),
        field('date', 'a day already past', (w) => ({ method: 'PATCH', url: paths.events.update(w.event._id), ...multipart({ ...eventForm(), date: '2020-01-01' }) })),
        longParam('eventId', () => paths.events.update(LONG)),
      ],
      401: [loggedOut],
      403: [crossSite, as('me', 'not the host')],
      404: [unknown('an unknown event', () => paths.events.update(UNKNOWN_ID))],
      413: [declaredTooLarge],
      415: [notAFile(eventForm, 'thumbnail', (w) => paths.events.update(w.event._id), 'PATCH')],
      429: [limitedCase],
    },
  },
  'DELETE /api/v1/events/delete-event/:eventId': {
    as: 'professor',
    valid: (w) => ({ method: 'DELETE', url: paths.events.delete(w.event._id) }),
    refusals: {
      400: [longParam('eventId', () => paths.events.delete(LONG))],
      401: [loggedOut],
      403: [crossSite, as('me', 'not the host')],
      404: [unknown('an unknown event', () => paths.events.delete(UNKNOWN_ID))],
    },
  },
  'POST /api/v1/events/draft-description': {
    as: 'me',
    valid: () => json('POST', paths.events.draftDescription, { title: 'Robotics night' }),
    refusals: {
      400: [field('title', 'a title over two lines', () => json('POST', paths.events.draftDescription, { title: 'Robotics\nnight' }))],
      401: [loggedOut],
      403: [crossSite],
      429: [limitedCase],
    },
  },

  'GET /api/v1/users/activity': listing(paths.users.activity, 'me', ['limit', '0']),
  'GET /api/v1/admin/users': listing(paths.admin.users, 'admin', ['role', 'dean'], 'office'),
  'GET /api/v1/admin/users/:userId': {
    as: 'admin',
    valid: (w) => get(paths.admin.user(w.me.user._id)),
    refusals: {
      400: [longParam('userId', () => paths.admin.user(LONG))],
      401: [loggedOut],
      403: [as('professor', 'as a professor')],
      404: [unknown('an unknown user', () => paths.admin.user(UNKNOWN_ID))],
    },
  },
  'PATCH /api/v1/admin/users/:userId': {
    as: 'admin',
    valid: (w) => json('PATCH', paths.admin.updateUser(w.me.user._id), { semester: w.me.user.semester }),
    refusals: {
      400: [
        field('isAdmin', 'isAdmin as text', (w) => json('PATCH', paths.admin.updateUser(w.me.user._id), { isAdmin: 'yes' })),
        field('isExamOffice', 'the exam office role for a student', (w) => json('PATCH', paths.admin.updateUser(w.me.user._id), { isExamOffice: true })),
        longParam('userId', () => paths.admin.updateUser(LONG)),
      ],
      401: [loggedOut],
      403: [crossSite, as('office', 'as the exam office')],
      404: [unknown('an unknown user', () => paths.admin.updateUser(UNKNOWN_ID))],
      409: [
        { name: 'the last administrator demoting themself', request: (w) => json('PATCH', paths.admin.updateUser(w.admin.user._id), { isAdmin: false }) },
        { name: 'the last administrator switching themself off', request: (w) => json('PATCH', paths.admin.updateUser(w.admin.user._id), { active: false }) },
        { name: "another user's email", request: (w) => json('PATCH', paths.admin.updateUser(w.me.user._id), { email: w.otherStudent.user.email.toUpperCase() }) },
      ],
    },
  },
  'POST /api/v1/admin/users/:userId/reset-link': {
    as: 'admin',
    valid: (w) => ({ method: 'POST', url: paths.admin.resetLink(w.me.user._id) }),
    refusals: {
      400: [longParam('userId', () => paths.admin.resetLink(LONG))],
      401: [loggedOut],
      403: [crossSite, as('me', 'as a student')],
      404: [unknown('an unknown user', () => paths.admin.resetLink(UNKNOWN_ID))],
    },
  },
  'POST /api/v1/admin/users/:userId/invite': {
    as: 'admin',
    // `deactivated` was made with a password too: each refusal here is about the request, not the account.
    valid: (w) => ({ method: 'POST', url: paths.admin.invite(w.deactivated.user._id) }),
    refusals: {
      400: [longParam('userId', () => paths.admin.invite(LONG))],
      401: [loggedOut],
      403: [crossSite, as('me', 'as a student')],
      404: [unknown('an unknown user', () => paths.admin.invite(UNKNOWN_ID))],
      409: [unknown('a user who has a password', (w) => paths.admin.invite(w.me.user._id))],
    },
  },
  'POST /api/v1/admin/imports/:importId/invite': {
    as: 'admin',
    valid: (w) => ({ method: 'POST', url: paths.admin.inviteImport(w.rosterImportId) }),
    refusals: {
      400: [longParam('importId', () => paths.admin.inviteImport(LONG))],
      401: [loggedOut],
      403: [crossSite, as('professor', 'as a professor')],
      404: [unknown('an unknown import', () => paths.admin.inviteImport(UNKNOWN_ID))],
    },
  },
  'POST /api/v1/admin/imports': {
    as: 'admin',
    valid: () => ({ method: 'POST', url: paths.admin.createImport, ...multipart({ kind: 'users' }, { file: { filename: 'u.csv', contentType: 'text/csv', data: Buffer.from('registrationId,email,fullname,role,semester,branch\n') } }) }),
    refusals: {
      400: [
        field('kind', 'an unknown kind', () => ({ method: 'POST', url: paths.admin.createImport, ...multipart({ kind: 'grades' }, { file: { filename: 'u.csv', contentType: 'text/csv', data: Buffer.from('x\n') } }) })),
        field('columns', 'a column mapping to no column of the kind', () => ({
          method: 'POST',
          url: paths.admin.createImport,
          ...multipart({ kind: 'users', columns: JSON.stringify({ 'Roll No.': 'rollNumber' }) }, { file: { filename: 'u.csv', contentType: 'text/csv', data: Buffer.from('Roll No.\n') } }),
        })),
      ],
      401: [loggedOut],
      403: [crossSite, as('office', 'as the exam office')],
      413: [declaredTooLarge],
      415: [notAFile(() => ({ kind: 'users' }), 'file', () => paths.admin.createImport)],
    },
  },
  'GET /api/v1/admin/imports/:importId': {
    as: 'admin',
    valid: (w) => get(paths.admin.getImport(w.rosterImportId)),
    refusals: {
      400: [longParam('importId', () => paths.admin.getImport(LONG))],
      401: [loggedOut],
      403: [as('professor', 'as a professor')],
      404: [unknown('an unknown import', () => paths.admin.getImport(UNKNOWN_ID))],
    },
  },
  'GET /api/v1/admin/summary': { as: 'admin', valid: () => get(paths.admin.summary), refusals: { 401: [loggedOut], 403: [as('office', 'as the exam office')] } },
  'GET /api/v1/admin/audit.csv': listing(paths.admin.auditExport, 'admin', ['from', '2026-02-30'], 'professor'),
  'GET /api/v1/admin/audit': listing(paths.admin.audit, 'admin', ['action', 'user.deleted'], 'professor'),

  'GET /api/v1/documents/admitcard': {
    as: 'me',
    valid: () => get(paths.documents.admitCard),
    refusals: {
      400: [{ name: 'a student none of whose courses has an exam date', names: 'examDate', as: 'otherStudent' }],
      401: [loggedOut],
      403: [as('professor', 'as a professor')],
    },
  },
  'GET /api/v1/documents/marksheet/:marksheetId': {
    as: 'me',
    valid: (w) => get(paths.documents.marksheet(w.marksheetId)),
    refusals: {
      400: [longParam('marksheetId', () => paths.documents.marksheet(LONG))],
      401: [loggedOut],
      404: [unknown('an unknown marksheet', () => paths.documents.marksheet(UNKNOWN_ID)), { name: "another student's marksheet", as: 'otherStudent' }],
    },
  },
  'GET /api/v1/documents/students-without-photo': {
    as: 'office',
    valid: () => get(paths.documents.withoutPhoto),
    refusals: { 401: [loggedOut], 403: [as('me', 'as a student'), as('professor', 'as a professor')] },
  },
  'GET /api/v1/documents/photo/:link': {
    as: 'anonymous',
    valid: (w) => get(photoLink(ctx.app.appSecret, w.me.user.avatar.split('/').pop()!, new Date())!),
    refusals: {
      400: [longParam('link', () => paths.documents.photo(LONG))],
      404: [unknown('a link the portal did not make', (w) => paths.documents.photo(`${w.me.user.avatar.split('/').pop()}.99999999999.forged`))],
    },
  },
  'POST /api/v1/documents/verify': {
    as: 'anonymous',
    valid: () => json('POST', paths.documents.verify, { token: 'a.b.c' }),
    refusals: { 400: [field('token', 'no token', () => json('POST', paths.documents.verify, {}))], 403: [crossSite] },
  },
  'GET /api/v1/auth/:providerId/start': {
    as: 'anonymous',
    valid: () => get(query(paths.auth.start(OFFLINE_SAML), { next: '/my-courses' })),
    refusals: {
      400: [field('next', 'a next that leads to another site', () => get(query(paths.auth.start(OFFLINE_SAML), { next: '//evil.example/login' })))],
      // A test sign-in is an administrator's: the route is open, the test is not.
      401: [{ name: 'a test sign-in with no session', request: () => get(query(paths.auth.start(OFFLINE_SAML), { test: 'true' })) }],
      403: [{ name: 'a test sign-in by a student', as: 'me', request: () => get(query(paths.auth.start(OFFLINE_SAML), { test: 'true' })) }],
      404: [unknown('a provider that is not configured', () => paths.auth.start('nobody'))],
    },
  },
  'GET /api/v1/auth/:providerId/callback': {
    as: 'anonymous',
    valid: () => get(query(paths.auth.callback(OFFLINE_SAML), { state: 'gone' })),
    refusals: {
      400: [field('state', 'a state longer than any the portal makes', () => get(query(paths.auth.callback(OFFLINE_SAML), { state: 's'.repeat(600) })))],
      404: [unknown('a provider that is not configured', () => `${paths.auth.callback('nobody')}?state=gone`)],
    },
  },
  'POST /api/v1/auth/:providerId/acs': {
    as: 'anonymous',
    valid: () => ({ method: 'POST', url: paths.auth.acs(OFFLINE_SAML), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'SAMLResponse=PHNhbWw%2B&RelayState=gone' }),
    refusals: {
      400: [field('SAMLResponse', 'no SAMLResponse', (_w, v) => ({ ...v, payload: 'RelayState=gone' }))],
      404: [unknown('an OpenID provider, which has no assertion consumer service', () => paths.auth.acs(OFFLINE_OIDC))],
    },
  },
  'GET /api/v1/auth/:providerId/metadata': {
    as: 'anonymous',
    valid: () => get(paths.auth.metadata(OFFLINE_SAML)),
    refusals: {
      400: [longParam('providerId', () => paths.auth.metadata(LONG))],
      404: [unknown('an OpenID provider, which has no SAML metadata', () => paths.auth.metadata(OFFLINE_OIDC))],
    },
  },
  'POST /api/v1/auth/:providerId/backchannel-logout': {
    as: 'anonymous',
    valid: () => ({ method: 'POST', url: paths.auth.backchannelLogout(OFFLINE_OIDC), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'logout_token=a.b.c' }),
    refusals: {
      400: [field('logout_token', 'no logout token', (_w, v) => ({ ...v, payload: 'token=a.b.c' }))],
      404: [unknown('a SAML provider, which has no back-channel logout', () => paths.auth.backchannelLogout(OFFLINE_SAML))],
    },
  },
  'GET /api/v1/auth/link': {
    as: 'anonymous',
    valid: (w) => ({ method: 'GET', url: paths.auth.pendingLink, headers: { cookie: w.linkingBrowser } }),
    refusals: { 404: [{ name: 'a browser with no sign-in waiting', request: () => get(paths.auth.pendingLink) }] },
  },
  'POST /api/v1/auth/link': {
    as: 'anonymous',
    valid: (w) => ({ method: 'POST', url: paths.auth.link, headers: { cookie: w.linkingBrowser }, payload: { password: DEFAULT_PASSWORD } }),
    refusals: {
      400: [field('password', 'no password', (_w, v) => ({ ...v, payload: {} }))],
      401: [{ name: 'a wrong password', request: (_w, v) => ({ ...v, payload: { password: 'not the password' } }) }],
      403: [crossSite],
      404: [{ name: 'a browser with no sign-in waiting', request: () => json('POST', paths.auth.link, { password: DEFAULT_PASSWORD }) }],
      429: [{ name: 'wrong passwords past the limit', limited: true, request: (_w, v) => ({ ...v, payload: { password: 'not the password' } }) }],
    },
  },
  'GET /api/v1/auth/tests/:testId': {
    as: 'admin',
    valid: () => get(paths.auth.signInTest(UNKNOWN_ID)),
    refusals: {
      400: [longParam('testId', () => paths.auth.signInTest(LONG))],
      401: [loggedOut],
      403: [as('professor', 'as a professor')],
      404: [unknown('a test nobody ran', () => paths.auth.signInTest(UNKNOWN_ID))],
    },
  },

  'GET /api/v1/calendar/feed': readable(paths.calendar.feed),
  'POST /api/v1/calendar/feed/reset': { as: 'me', valid: () => ({ method: 'POST', url: paths.calendar.reset }), refusals: { 401: [loggedOut], 403: [crossSite] } },
  'GET /calendar/:token.ics': {
    as: 'anonymous',
    valid: (w) => get(w.feedPath),
    refusals: {
      400: [longParam('token', () => paths.calendar.ics(LONG))],
      404: [unknown('a token that opens no feed', () => paths.calendar.ics('A'.repeat(43)))],
      429: [limitedCase],
    },
  },
  'GET /files/:fileId': {
    as: 'me',
    valid: (w) => get(w.me.user.avatar),
    refusals: {
      400: [field('inline', 'inline neither 0 nor 1', (w) => get(`${w.me.user.avatar}?inline=2`)), longParam('fileId', () => `/files/${LONG}`)],
      401: [loggedOut],
      404: [unknown('an unknown file', () => `/files/${UNKNOWN_ID}`), unknown('a file the caller may not read', (w) => w.note.notesfile, 'otherStudent')],
    },
  },
};

/** What `actor` sends: its session cookie, none for anonymous. */
const asActor = (options: InjectOptions, actor: Actor, w: World): InjectOptions => (actor === 'anonymous' ? options : withHeaders(options, { cookie: w[actor].cookie }));

/**
 * Refusals every route of a kind lists that no row provokes: a request Fastify or the network
 * spoils (a Host that is no host, a URL it cannot read, a body cut off, too large for any JSON
 * route or of a type none takes; a write's body that is not JSON, which bad-input.test.ts sends
 * to every route), and a session's end by a switched-off account, whose 401 the login rows stand
 * for.
 */
const NOT_PROVOKED = new Set([...EVERY_ROUTE_REFUSALS, 'body_too_large', 'unsupported_type', 'not_json', 'empty_body', 'bad_content_length', 'account_deactivated']);

/**
 * Refusals of one route no row here provokes: a race (another write between an import's checks
 * and its application), or a directory that gives a linked account another account's email.
 */
const UNPROVOKED_OF: Record<string, readonly string[]> = {
  'POST /api/v1/admin/imports': ['roster_adoption_refused', 'last_admin', 'registration_id_taken', 'email_taken', 'coursenumber_taken'],
  'POST /api/v1/auth/link': ['sign_in_identity_taken', 'sign_in_email_taken'],
};

/** The codes a status of a registered route's response schema lists (the failure envelope's `code` enum). */
const codesOf = (answer: unknown): string[] =>
  ((answer as { content?: Record<string, { schema?: { shape?: { code?: { options?: string[] } } } }> }).content?.['application/json']?.schema?.shape?.code?.options ?? []);

/** The refusals (4xx) route `name` declares, from its response schema: the statuses with a code some row provokes. */
const declaredRefusals = (name: string, schema: unknown): number[] =>
  Object.entries((schema as { response?: Record<string, unknown> } | undefined)?.response ?? {})
    .filter(([status, answer]) => /^4\d\d$/.test(status) && codesOf(answer).some((c) => !NOT_PROVOKED.has(c) && !UNPROVOKED_OF[name]?.includes(c)))
    .map(([status]) => Number(status))
    .sort();

const EXCLUDED = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('refusals over the wire', () => {
  it('has a case for every refusal every registered route declares, and none it does not', () => {
    const declared = Object.fromEntries(
      ctx.routes
        .filter((r) => (r.url.startsWith('/api') || r.url.startsWith('/files') || r.url.startsWith('/calendar/')) && !EXCLUDED(r.url))
        .flatMap((r) => [r.method].flat().map((m) => [`${m} ${r.url}`, declaredRefusals(`${m} ${r.url}`, r.schema)] as const))
        .filter(([, statuses]) => statuses.length > 0),
    );
    const covered = Object.fromEntries(Object.entries(TABLE).map(([route, row]) => [route, Object.keys(row.refusals).map(Number).sort()]));
    expect(Object.keys(declared).length).toBeGreaterThan(40);
    expect(covered).toEqual(declared);
  });

  for (const [route, row] of Object.entries(TABLE)) {
    it(route, async () => {
      const w = world;
      const valid = row.valid(w);
      for (const [status, cases] of Object.entries(row.refusals) as [string, Case[]][]) {
        for (const c of cases) {
          const label = `${route} — ${c.name}`;
          const options = asActor(c.request?.(w, valid) ?? valid, c.as ?? row.as, w);
          let res: Answer | undefined;
          if (c.run) {
            res = await c.run(w);
            if (res === undefined) continue;
          } else if (c.limited) {
            expect((await send(limited, options, 'http')).statusCode, `${label}: the first, which uses the allowance up`).toBeLessThan(500);
            res = await send(limited, options, 'http');
          } else {
            res = await send(ctx.app, options, 'http');
          }
          const said = `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, said).toBe(Number(status));
          expect(res.headers['content-type'], said).toMatch(/^application\/json/);
          const body = res.json();
          expect(body, said).toMatchObject({ statusCode: Number(status), data: null, success: false });
          expect(body.errors.length, said).toBeGreaterThan(0);
          // Every refusal says which it is, for a client to word: a catalogue code, and its params.
          expect(isRefusalCode(body.code), said).toBe(true);
          expect(body.params, said).toBeTypeOf('object');
          if (status === '400') {
            expect(c.names, `${label}: a 400 case names the field it is about`).toBeDefined();
            expect(body.errors[0]!.toLowerCase(), said).toContain(fieldLabel(c.names!).toLowerCase());
          }
          if (status === '429') expect(res.headers['retry-after'], said).toMatch(/^\d+$/);
        }
      }
    });
  }
});
