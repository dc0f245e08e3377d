import { paths, type CampusEvent, type Course, type Marksheet, type Note } from '@campus/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './build-app';
import { send } from './send';
import { ACTOR_NAMES, buildActors, cookieOf, type ActorName, type Actors } from './actors';
import { DEFAULT_PASSWORD, buildCourse, buildEvent, buildNote, courseFields, eventFields, joinCourse, userFields, withCookie } from './factories';
import { startFakeTextgen, type FakeTextgen } from './fake-textgen';
import { multipart, pngAvatar, pngThumbnail, textFile, tinyPdf } from './fixtures';
import { startSmtpServer, testMailConfig, type TestSmtp } from './smtp-server';
import { eq } from 'drizzle-orm';
import { passwordResets, users } from '../src/db/schema';
import { hashToken } from '../src/platform/auth/sessions';
import { signingKey, signUnsubscribe } from '../src/features/notifications/unsubscribe-token';
import { photoLink } from '../src/features/documents/photo-links';
import { insertAssignment } from './coursework-factories';
import { OFFLINE_OIDC, OFFLINE_ORIGIN, OFFLINE_SAML, offlineProviders } from './sign-in-providers';

/**
 * Every registered /api, /files and /calendar route × every actor → the expected status, with valid input so
 * the status reflects authorization alone. A route missing from this table fails the suite.
 */
// Drafting answers 200 when a text generator is configured: a fake one, started first.
// Mail is on (forgot-password answers 200 rather than 503), through a real SMTP server.
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
// Unsubscribe links verify with MAIL_SECRET.
const MAIL_SECRET = 'matrix-test-mail-secret-long-enough-to-pass';
const providers = await offlineProviders();
const ctx = useTestApp(() => ({ textgen: textgen.openai(), mail: testMailConfig(smtp), mailSecret: MAIL_SECRET, signInProviders: providers, publicOrigin: OFFLINE_ORIGIN }));
/** An unsubscribe link of `professor`'s: the token, not a session, decides, so every actor may use it. */
const unsubscribeUrl = (url: string, actors: Actors) => `${url}?token=${signUnsubscribe(signingKey(MAIL_SECRET), actors.professor.user._id, 'courses')}`;

/**
 * What each call acts on, built afresh for every actor so that one actor's change (a delete, a
 * join) cannot decide another's answer: a course owned by `professor`, with `student` enrolled
 * (`otherStudent` is not) and one notes file.
 */
interface World extends Partial<Records> {
  /** An event hosted by `professor`, with a thumbnail (rows with `event`). */
  event?: CampusEvent;
  /** The path of `student`'s calendar feed (rows with `feed`). */
  feedPath?: string;
  course: Course;
  note: Note;
  /** The notification the owner got when `student` joined. */
  notificationId: string;
  /** A live reset token of the caller's account (the student's for anonymous; rows with `resetToken`). */
  resetToken?: string;
  /** A live email confirmation token of the caller's account (the student's for anonymous; rows with `emailToken`). */
  emailToken?: string;
  /** The course's published assignment (a draft mark of `student`'s on it), a post by `professor` and `student`'s comment on it (rows with `classwork`). */
  classwork?: Classwork;
}

async function buildWorld(actors: Actors): Promise<World> {
  const course = await buildCourse(ctx.app, actors.professor, {}, pngThumbnail());
  await joinCourse(ctx.app, actors.student, course._id);
  const note = await buildNote(ctx.app, actors.professor, course._id);
  const list = await ctx.app.inject({ method: 'GET', url: paths.notifications.list, headers: { cookie: actors.professor.cookie } });
  const notificationId = (list.json().data.unreadnotifications as { notificationid: string }[])[0]!.notificationid;
  return { course, note, notificationId };
}

type Row = {
  request: (actor: ActorName, actors: Actors, world: World) => InjectOptions;
  expected: Record<ActorName, number>;
  /** Build a World before each actor's call (rows about courses, notes and their files). */
  world?: true;
  /** Build `student`'s records once for the row: an open request (semester 1), a marksheet (semester 2). */
  records?: true;
  /** Host an event as `professor` (its owner) before each actor's call. */
  event?: true;
  /** Give the caller's account a reset token before its call, as a reset email would. */
  resetToken?: true;
  /** Give the caller's account a pending email change before its call, as update-account would. */
  emailToken?: true;
  /** Give `student` a calendar feed before each actor's call. */
  feed?: true;
  /** Give the World's course an assignment, a stream post and a comment (with `world`). */
  classwork?: true;
};

interface Classwork {
  assignmentId: string;
  postId: string;
  commentId: string;
}

/** Coursework of the World's course: an assignment with `student`'s draft mark, the owner's post and `student`'s comment on it. */
async function buildClasswork(actors: Actors, course: Course): Promise<Classwork> {
  const assignment = await insertAssignment(ctx.database.db, course._id);
  const marked = await ctx.app.inject({ method: 'PUT', url: paths.coursework.mark(assignment.id, actors.student.user._id), headers: { cookie: actors.professor.cookie }, payload: { marks: 5 } });
  if (marked.statusCode !== 200) throw new Error(`mark failed: ${marked.body}`);
  const posted = await ctx.app.inject({ method: 'POST', url: paths.coursework.post(course._id), headers: { cookie: actors.professor.cookie }, payload: { text: 'Welcome' } });
  if (posted.statusCode !== 201) throw new Error(`post failed: ${posted.body}`);
  const postId = posted.json().data.post._id as string;
  const commented = await ctx.app.inject({ method: 'POST', url: paths.coursework.comment(postId), headers: { cookie: actors.student.cookie }, payload: { text: 'Thanks' } });
  if (commented.statusCode !== 201) throw new Error(`comment failed: ${commented.body}`);
  return { assignmentId: assignment.id, postId, commentId: commented.json().data.comment._id as string };
}

/** A reset token for the caller's account (anonymous resets the student's), stored as forgot-password does. */
async function buildResetToken(actor: ActorName, actors: Actors): Promise<string> {
  const who = actor === 'anonymous' ? actors.student : actors[actor];
  const token = `matrix-token-${actor}-${who.user._id}`;
  await ctx.database.db.insert(passwordResets).values({ tokenHash: hashToken(token), userId: who.user._id, expiresAt: new Date(Date.now() + 60_000) });
  return token;
}

/** A pending email change of the caller's account (anonymous confirms the student's), stored as update-account does. */
async function buildEmailToken(actor: ActorName, actors: Actors): Promise<string> {
  const who = actor === 'anonymous' ? actors.student : actors[actor];
  const token = `matrix-email-token-${actor}-${who.user._id}`;
  await ctx.database.db
    .update(users)
    .set({ pendingEmail: `${actor}-confirmed-${who.user.registrationId}@campus.test`, emailChangeTokenHash: hashToken(token), emailChangeExpiresAt: new Date(Date.now() + 60_000) })
    .where(eq(users.id, who.user._id));
  return token;
}

/** `student`'s calendar feed address, as a path. */
async function feedPathOf(actors: Actors): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: paths.calendar.feed, headers: { cookie: actors.student.cookie } });
  if (res.statusCode !== 200) throw new Error(`calendar feed failed: ${res.body}`);
  return new URL(res.json().data.url as string).pathname;
}

interface Records {
  marksheet: Marksheet;
  /** The student's open request (semester 1). */
  applicationId: string;
  /** A roster import (a preview) an administrator sent. */
  rosterImportId: string;
}

async function buildRecords(actors: Actors): Promise<Records> {
  const applied = await ctx.app.inject({ method: 'POST', url: paths.applications.create, headers: { cookie: actors.student.cookie }, payload: { semester: 1 } });
  if (applied.statusCode !== 201) throw new Error(`apply failed: ${applied.body}`);
  const uploaded = await ctx.app.inject({ method: 'POST', url: paths.marksheets.create(actors.student.user._id), ...withCookie(multipart({ semester: 2 }, { marksheet: pdfFile() }), actors.examOffice.cookie) });
  if (uploaded.statusCode !== 201) throw new Error(`marksheet upload failed: ${uploaded.body}`);
  const roster = multipart({ kind: 'users' }, { file: textFile('users.csv', 'registrationId,email,fullname,role,semester,branch\n') });
  const previewed = await ctx.app.inject({ method: 'POST', url: paths.admin.createImport, ...withCookie(roster, actors.admin.cookie) });
  if (previewed.statusCode !== 201) throw new Error(`roster preview failed: ${previewed.body}`);
  return { marksheet: uploaded.json().data.marksheet as Marksheet, applicationId: applied.json().data.application._id as string, rosterImportId: previewed.json().data.import._id as string };
}

const pdfFile = () => ({ filename: 'm.pdf', contentType: 'application/pdf', data: tinyPdf() });
/** Only the student themself and the exam office; to everyone else the records do not exist. */
const selfAndOffice: Record<ActorName, number> = { anonymous: 401, student: 200, otherStudent: 404, professor: 404, otherProfessor: 404, examOffice: 200, admin: 404 };
const officeOnly = (ok: number): Record<ActorName, number> => ({ anonymous: 401, student: 403, otherStudent: 403, professor: 403, otherProfessor: 403, examOffice: ok, admin: 403 });

/** Shorthands for the role rules: who answers 2xx and what everyone else gets. */
const students = (ok: number, others = 403): Record<ActorName, number> => ({ anonymous: 401, student: ok, otherStudent: ok, professor: others, otherProfessor: others, examOffice: others, admin: others });
const professors = (ok: number, others = 403): Record<ActorName, number> => ({ anonymous: 401, student: others, otherStudent: others, professor: ok, otherProfessor: ok, examOffice: ok, admin: ok });
const ownerOnly = (ok: number): Record<ActorName, number> => ({ anonymous: 401, student: 403, otherStudent: 403, professor: ok, otherProfessor: 403, examOffice: 403, admin: 403 });
const filterQuery = '?semester=9&branch=All';
const editBody = { title: 'Edited', description: 'Edited text', semester: 2, branch: 'Civil Engineering', examDate: '2030-05-01' };

/** The administration: administrators only, whatever else an account is. */
const adminOnly = (ok: number): Record<ActorName, number> => ({ anonymous: 401, student: 403, otherStudent: 403, professor: 403, otherProfessor: 403, examOffice: 403, admin: ok });
const all = (status: number): Record<ActorName, number> => ({ anonymous: status, student: status, otherStudent: status, professor: status, otherProfessor: status, examOffice: status, admin: status });
const loggedIn = (status: number): Record<ActorName, number> => ({ ...all(status), anonymous: 401 });
const passwordOf = (actor: ActorName, actors: Actors) => (actor === 'anonymous' ? DEFAULT_PASSWORD : actors[actor].password);

const MATRIX: Record<string, Row> = {
  'GET /api/v1/health': { request: () => ({ method: 'GET', url: paths.health }), expected: all(200) },
  'GET /api/v1/health/ready': { request: () => ({ method: 'GET', url: paths.ready }), expected: all(200) },
  'GET /api/v1/config': { request: () => ({ method: 'GET', url: paths.config }), expected: all(200) },
  'POST /api/v1/users/register': {
    request: () => ({ method: 'POST', url: paths.users.register, ...multipart(userFields(), pngAvatar()) }),
    expected: all(201),
  },
  'POST /api/v1/users/login': {
    request: (actor, actors) => {
      const who = actor === 'anonymous' ? actors.student : actors[actor];
      return { method: 'POST', url: paths.users.login, payload: { registrationId: who.user.registrationId, password: who.password } };
    },
    expected: all(200),
  },
  'POST /api/v1/users/logout': { request: () => ({ method: 'POST', url: paths.users.logout }), expected: loggedIn(200) },
  'GET /api/v1/users/current-user': { request: () => ({ method: 'GET', url: paths.users.currentUser }), expected: loggedIn(200) },
  'PATCH /api/v1/users/avatar': {
    request: () => ({ method: 'PATCH', url: paths.users.avatar, ...multipart({}, pngAvatar()) }),
    expected: loggedIn(200),
  },
  'PATCH /api/v1/users/update-account': {
    // A new email with the account's password: mail is on, so it waits for its link.
    request: (actor, actors) => ({
      method: 'PATCH',
      url: paths.users.updateAccount,
      payload: { email: `${actor}-renamed@campus.test`, currentPassword: passwordOf(actor, actors), fullname: 'Renamed', branch: 'Civil Engineering', semester: 4 },
    }),
    expected: loggedIn(200),
  },
  // The token is the credential: whoever holds the link confirms, with or without a session.
  'POST /api/v1/users/confirm-email': { emailToken: true,
    request: (_actor, _actors, world) => ({ method: 'POST', url: paths.users.confirmEmail, payload: { token: world.emailToken } }),
    expected: all(200),
  },
  'POST /api/v1/users/change-password': {
    request: (actor, actors) => ({ method: 'POST', url: paths.users.changePassword, payload: { oldpassword: passwordOf(actor, actors), newpassword: 'an entirely new passphrase' } }),
    expected: loggedIn(200),
  },
  'POST /api/v1/users/forgot-password': {
    request: (actor, actors) => ({ method: 'POST', url: paths.users.forgotPassword, payload: { registrationId: (actor === 'anonymous' ? actors.student : actors[actor]).user.registrationId } }),
    expected: all(200),
  },
  'POST /api/v1/users/reset-password': { resetToken: true,
    request: (_actor, _actors, world) => ({ method: 'POST', url: paths.users.resetPassword, payload: { token: world.resetToken, newpassword: 'an entirely new passphrase' } }),
    expected: all(200),
  },
  'GET /api/v1/users/getuser/:userId': { world: true,
    request: (_actor, actors) => ({ method: 'GET', url: paths.users.getUser(actors.student.user._id) }),
    // The professor teaches the student (world), so may read them; the other professor may not.
    expected: { anonymous: 401, student: 200, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 200, admin: 404 },
  },
  'GET /api/v1/courses/allcourses': { request: () => ({ method: 'GET', url: paths.courses.all }), expected: loggedIn(200) },
  'GET /api/v1/courses/searchbysemester': { request: () => ({ method: 'GET', url: paths.courses.bySemester + filterQuery }), expected: loggedIn(200) },
  'GET /api/v1/courses/searchbytitle': { request: () => ({ method: 'GET', url: `${paths.courses.byTitle}?title=course` }), expected: loggedIn(200) },
  'GET /api/v1/courses/searchbyowner': { request: () => ({ method: 'GET', url: paths.courses.byOwner }), expected: professors(200) },
  'GET /api/v1/courses/searchbymycoursesteacher': { request: () => ({ method: 'GET', url: paths.courses.myCoursesTeacher + filterQuery }), expected: professors(200) },
  'GET /api/v1/courses/searchbystudent': { request: () => ({ method: 'GET', url: paths.courses.byStudent }), expected: students(200) },
  'GET /api/v1/courses/searchbymycourses': { request: () => ({ method: 'GET', url: paths.courses.myCourses + filterQuery }), expected: students(200) },
  'GET /api/v1/courses/examdates': { request: () => ({ method: 'GET', url: paths.courses.examDates }), expected: students(200) },
  'POST /api/v1/courses/create-course': {
    request: () => ({ method: 'POST', url: paths.courses.create, ...multipart(courseFields(), pngThumbnail()) }),
    // Professors create courses; the exam office, though a professor account, does not.
    expected: { ...professors(201), examOffice: 403 },
  },
  'GET /api/v1/courses/getcourse/:courseId': { world: true, request: (_a, _as, w) => ({ method: 'GET', url: paths.courses.get(w.course._id) }), expected: loggedIn(200) },
  'PATCH /api/v1/courses/updatecourse/:courseId': { world: true,
    request: (_a, _as, w) => ({ method: 'PATCH', url: paths.courses.update(w.course._id), payload: editBody }),
    expected: ownerOnly(200),
  },
  'PATCH /api/v1/courses/updatecoursethumbnail/:courseId': { world: true,
    request: (_a, _as, w) => ({ method: 'PATCH', url: paths.courses.updateThumbnail(w.course._id), ...multipart({}, pngThumbnail()) }),
    expected: ownerOnly(200),
  },
  'DELETE /api/v1/courses/deletecourse/:courseId': { world: true,
    request: (_a, _as, w) => ({ method: 'DELETE', url: paths.courses.delete(w.course._id) }),
    expected: ownerOnly(200),
  },
  'GET /api/v1/courses/studentsofcourse/:courseId': { world: true, request: (_a, _as, w) => ({ method: 'GET', url: paths.courses.students(w.course._id) }), expected: loggedIn(200) },
  'PATCH /api/v1/courses/addstudenttocourse/:courseId': { world: true,
    request: (_a, _as, w) => ({ method: 'PATCH', url: paths.courses.join(w.course._id) }),
    // `student` is already enrolled in the world's course: 409; `otherStudent` joins.
    expected: { ...students(200), student: 409 },
  },
  'PATCH /api/v1/courses/removestudentfromcourse/:courseId': { world: true,
    request: (_a, _as, w) => ({ method: 'PATCH', url: paths.courses.leave(w.course._id) }),
    expected: { ...students(200), otherStudent: 409 },
  },
  'PATCH /api/v1/courses/removestudent/:courseId/:studentId': { world: true,
    request: (_a, actors, w) => ({ method: 'PATCH', url: paths.courses.removeStudent(w.course._id, actors.student.user._id) }),
    expected: ownerOnly(200),
  },
  'GET /api/v1/notes/notesofcourse/:courseId': { world: true,
    request: (_a, _as, w) => ({ method: 'GET', url: paths.notes.ofCourse(w.course._id) }),
    // The owner, any professor (the exam office too) and enrolled students.
    expected: { ...professors(200), student: 200, otherStudent: 403 },
  },
  'POST /api/v1/notes/create-notes/:courseId': { world: true,
    request: (_a, _as, w) => ({ method: 'POST', url: paths.notes.create(w.course._id), ...multipart({ filename: 'Week 2' }, { notesfile: textFile('w2.txt', 'two') }) }),
    expected: ownerOnly(201),
  },
  'DELETE /api/v1/notes/delete-notes/:notesId': { world: true,
    request: (_a, _as, w) => ({ method: 'DELETE', url: paths.notes.delete(w.note._id) }),
    // The owner only; readers get 403, and to those who may not read the notes it does not exist.
    expected: { ...ownerOnly(200), otherStudent: 404 },
  },
  'GET /files/:fileId': {
    request: (_actor, actors) => ({ method: 'GET', url: actors.student.user.avatar }),
    expected: loggedIn(200),
  },
  'GET /api/v1/notifications/getnotification': { request: () => ({ method: 'GET', url: paths.notifications.list }), expected: loggedIn(200) },
  'GET /api/v1/notifications/unread-count': { request: () => ({ method: 'GET', url: paths.notifications.unreadCount }), expected: loggedIn(200) },
  'GET /api/v1/notifications/recent': { request: () => ({ method: 'GET', url: paths.notifications.recent }), expected: loggedIn(200) },
  'PATCH /api/v1/notifications/readallnotifications': { request: () => ({ method: 'PATCH', url: paths.notifications.readAll }), expected: loggedIn(200) },
  'PATCH /api/v1/notifications/readnotification/:notificationId': {
    // The owner was told when `student` joined the world's course. Only the recipient may mark
    // it read; everyone else is told it does not exist.
    world: true,
    request: (_a, _as, w) => ({ method: 'PATCH', url: paths.notifications.read(w.notificationId) }),
    expected: { anonymous: 401, student: 404, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'GET /api/v1/notifications/stream': { request: () => ({ method: 'GET', url: paths.notifications.stream }), expected: loggedIn(200) },
  'GET /api/v1/notifications/preferences': { request: () => ({ method: 'GET', url: paths.notifications.preferences }), expected: loggedIn(200) },
  'PATCH /api/v1/notifications/preferences': { request: () => ({ method: 'PATCH', url: paths.notifications.updatePreferences, payload: { courses: 'daily' } }), expected: loggedIn(200) },
  'GET /api/v1/notifications/unsubscribe': { request: (_a, actors) => ({ method: 'GET', url: unsubscribeUrl(paths.notifications.unsubscribePage, actors) }), expected: all(303) },
  'GET /api/v1/notifications/unsubscribe/status': { request: (_a, actors) => ({ method: 'GET', url: unsubscribeUrl(paths.notifications.unsubscribeStatus, actors) }), expected: all(200) },
  'POST /api/v1/notifications/unsubscribe': {
    request: (_a, actors) => ({
      method: 'POST',
      url: unsubscribeUrl(paths.notifications.unsubscribe, actors),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    }),
    expected: all(200),
  },
  'POST /api/v1/applications/createapplication': {
    request: () => ({ method: 'POST', url: paths.applications.create, payload: { semester: 3 } }),
    expected: students(201),
  },
  'GET /api/v1/applications/semesterapplied': { request: () => ({ method: 'GET', url: paths.applications.semestersApplied }), expected: students(200) },
  'GET /api/v1/applications/allapplications': { request: () => ({ method: 'GET', url: paths.applications.all }), expected: officeOnly(200) },
  'GET /api/v1/applications/applicationofuser/:userId': {
    records: true,
    request: (_a, actors) => ({ method: 'GET', url: paths.applications.ofUser(actors.student.user._id) }),
    expected: selfAndOffice,
  },
  'POST /api/v1/applications/decline/:applicationId': {
    records: true,
    request: (_a, _as, w) => ({ method: 'POST', url: paths.applications.decline(w.applicationId!), payload: { reason: 'Fees unpaid' } }),
    expected: officeOnly(200),
  },
  'GET /api/v1/marksheets/getallapplicantmarksheets/:userId': {
    records: true,
    request: (_a, actors) => ({ method: 'GET', url: paths.marksheets.ofUser(actors.student.user._id) }),
    expected: selfAndOffice,
  },
  'GET /api/v1/marksheets/marksheetexists/:userId/:semester': {
    records: true,
    request: (_a, actors) => ({ method: 'GET', url: paths.marksheets.exists(actors.student.user._id, 2) }),
    expected: selfAndOffice,
  },
  'POST /api/v1/marksheets/createmarksheet/:applicantId': {
    request: (_a, actors) => ({ method: 'POST', url: paths.marksheets.create(actors.student.user._id), ...multipart({ semester: 3 }, { marksheet: pdfFile() }) }),
    expected: officeOnly(201),
  },
  'GET /files/:fileId (marksheet)': { records: true, request: (_a, _as, w) => ({ method: 'GET', url: w.marksheet!.marksheet }), expected: selfAndOffice },
  'GET /api/v1/events/today-events': { request: () => ({ method: 'GET', url: paths.events.today }), expected: loggedIn(200) },
  'GET /api/v1/events/other-events': { request: () => ({ method: 'GET', url: paths.events.other }), expected: loggedIn(200) },
  'GET /api/v1/events/all-events': { request: () => ({ method: 'GET', url: paths.events.all }), expected: loggedIn(200) },
  'GET /api/v1/events/my-events': { request: () => ({ method: 'GET', url: paths.events.mine }), expected: loggedIn(200) },
  'GET /api/v1/events/searchbytitle': { request: () => ({ method: 'GET', url: `${paths.events.byTitle}?title=event` }), expected: loggedIn(200) },
  'GET /api/v1/events/get-event/:eventId': { event: true, request: (_a, _as, w) => ({ method: 'GET', url: paths.events.get(w.event!._id) }), expected: loggedIn(200) },
  'POST /api/v1/events/create-event': {
    // Any logged-in user may host an event, students and the exam office included.
    request: () => ({ method: 'POST', url: paths.events.create, ...multipart(eventFields(), pngThumbnail()) }),
    expected: loggedIn(201),
  },
  'PATCH /api/v1/events/update-event/:eventId': {
    event: true,
    request: (_a, _as, w) => ({ method: 'PATCH', url: paths.events.update(w.event!._id), ...multipart(eventFields(), pngThumbnail()) }),
    // The host only; everyone else who is logged in gets 403.
    expected: ownerOnly(200),
  },
  'DELETE /api/v1/events/delete-event/:eventId': {
    event: true,
    request: (_a, _as, w) => ({ method: 'DELETE', url: paths.events.delete(w.event!._id) }),
    // The host only; everyone else who is logged in gets 403.
    expected: ownerOnly(200),
  },
  'POST /api/v1/events/draft-description': {
    request: () => ({ method: 'POST', url: paths.events.draftDescription, payload: { title: 'Robotics night' } }),
    expected: loggedIn(200),
  },
  // One route, rules per kind of file: a "(…)" suffix names the variant.
  'GET /files/:fileId (event thumbnail)': { event: true, request: (_a, _as, w) => ({ method: 'GET', url: w.event!.thumbnail }), expected: loggedIn(200) },
  'GET /api/v1/users/activity': { request: () => ({ method: 'GET', url: paths.users.activity }), expected: loggedIn(200) },
  'GET /api/v1/admin/users': { request: () => ({ method: 'GET', url: `${paths.admin.users}?q=a&role=student&active=true` }), expected: adminOnly(200) },
  'GET /api/v1/admin/users/:userId': { request: (_a, actors) => ({ method: 'GET', url: paths.admin.user(actors.student.user._id) }), expected: adminOnly(200) },
  'PATCH /api/v1/admin/users/:userId': {
    request: (_a, actors) => ({ method: 'PATCH', url: paths.admin.updateUser(actors.student.user._id), payload: { fullname: 'Renamed By Admin', isExamOffice: false } }),
    expected: adminOnly(200),
  },
  'POST /api/v1/admin/users/:userId/reset-link': { request: (_a, actors) => ({ method: 'POST', url: paths.admin.resetLink(actors.student.user._id) }), expected: adminOnly(200) },
  // The student has a password: past the door, the invitation's own 409.
  'POST /api/v1/admin/users/:userId/invite': { request: (_a, actors) => ({ method: 'POST', url: paths.admin.invite(actors.student.user._id) }), expected: adminOnly(409) },
  'POST /api/v1/admin/imports/:importId/invite': {
    records: true,
    request: (_a, _as, w) => ({ method: 'POST', url: paths.admin.inviteImport(w.rosterImportId!) }),
    expected: adminOnly(200),
  },
  'POST /api/v1/admin/imports': {
    request: () => ({ method: 'POST', url: paths.admin.createImport, ...multipart({ kind: 'users' }, { file: textFile('users.csv', 'registrationId,email,fullname,role,semester,branch\n') }) }),
    expected: adminOnly(201),
  },
  'GET /api/v1/admin/imports/:importId': {
    records: true,
    request: (_a, _as, w) => ({ method: 'GET', url: paths.admin.getImport(w.rosterImportId!) }),
    expected: adminOnly(200),
  },
  // Campus sign-in is for anyone: a provider's answer, not a session, decides. These answers
  // send the browser on (to the provider, or to the login page saying why not); a test sign-in
  // is an administrator's.
  // Documents: the keys and the check are for anyone (a gate, an employer); the admit card is a
  // student's (no course of theirs has an exam date here: past the door, the card's own 400);
  // a marksheet's token is its owner's and the exam office's.
  'GET /api/v1/documents/keys': { request: () => ({ method: 'GET', url: paths.documents.keys }), expected: all(200) },
  'GET /api/v1/documents/admitcard': { request: () => ({ method: 'GET', url: paths.documents.admitCard }), expected: students(400) },
  'GET /api/v1/documents/marksheet/:marksheetId': { records: true, request: (_a, _as, w) => ({ method: 'GET', url: paths.documents.marksheet(w.marksheet!._id) }), expected: selfAndOffice },
  'POST /api/v1/documents/verify': { request: () => ({ method: 'POST', url: paths.documents.verify, payload: { token: 'a.b.c' } }), expected: all(200) },
  'GET /api/v1/documents/students-without-photo': { request: () => ({ method: 'GET', url: paths.documents.withoutPhoto }), expected: officeOnly(200) },
  // The link decides, not a session: a live link to the student's photo opens it for anyone.
  'GET /api/v1/documents/photo/:link': { request: (_a, actors) => ({ method: 'GET', url: photoLink(ctx.app.appSecret, actors.student.user.avatar.split('/').pop()!, new Date())! }), expected: all(200) },
  'GET /api/v1/auth/providers': { request: () => ({ method: 'GET', url: paths.auth.providers }), expected: all(200) },
  'GET /api/v1/auth/:providerId/start': { request: () => ({ method: 'GET', url: `${paths.auth.start(OFFLINE_SAML)}?next=/my-courses` }), expected: all(302) },
  'GET /api/v1/auth/:providerId/callback': { request: () => ({ method: 'GET', url: `${paths.auth.callback(OFFLINE_SAML)}?state=gone` }), expected: all(302) },
  'POST /api/v1/auth/:providerId/acs': {
    request: () => ({ method: 'POST', url: paths.auth.acs(OFFLINE_SAML), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.campus.invalid', 'sec-fetch-site': 'cross-site' }, payload: 'SAMLResponse=PHNhbWw%2B&RelayState=gone' }),
    expected: all(302),
  },
  'GET /api/v1/auth/:providerId/metadata': { request: () => ({ method: 'GET', url: paths.auth.metadata(OFFLINE_SAML) }), expected: all(200) },
  // The provider's keys cannot be fetched, so no token is valid: what matters is that no session is asked for.
  'POST /api/v1/auth/:providerId/backchannel-logout': {
    request: () => ({ method: 'POST', url: paths.auth.backchannelLogout(OFFLINE_OIDC), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'logout_token=a.b.c' }),
    expected: all(400),
  },
  'GET /api/v1/auth/link': { request: () => ({ method: 'GET', url: paths.auth.pendingLink }), expected: all(404) },
  'POST /api/v1/auth/link': { request: () => ({ method: 'POST', url: paths.auth.link, payload: { password: DEFAULT_PASSWORD } }), expected: all(404) },
  'GET /api/v1/auth/tests/:testId': { request: () => ({ method: 'GET', url: paths.auth.signInTest('5f0c7d1e-0000-4000-8000-00000000abcd') }), expected: adminOnly(404) },
  'GET /api/v1/admin/summary': { request: () => ({ method: 'GET', url: paths.admin.summary }), expected: adminOnly(200) },
  'GET /api/v1/admin/audit.csv': { request: () => ({ method: 'GET', url: `${paths.admin.auditExport}?q=a&from=2026-11-01&to=2026-11-30` }), expected: adminOnly(200) },
  'GET /api/v1/admin/audit': { request: (_a, actors) => ({ method: 'GET', url: `${paths.admin.audit}?target=${actors.student.user._id}&action=user.updated` }), expected: adminOnly(200) },
  // ── Coursework: assignments and submissions
  // The class is the course's owner (`professor`) and its enrolled `student`: anyone else finds
  // nothing (404); the student is told the owner's calls are the owner's, the owner that handing
  // in is the students' (403).
  'POST /api/v1/coursework/course/:courseId': {
    world: true,
    request: (_a, _as, w) => ({
      method: 'POST',
      url: paths.coursework.create(w.course._id),
      ...multipart({ kind: 'assignment', title: 'Essay', maxMarks: 10, dueAt: new Date(Date.now() + 86_400_000).toISOString() }, { attachments: textFile('brief.txt', 'brief') }),
    }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 201, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'GET /api/v1/coursework/course/:courseId': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'GET', url: paths.coursework.ofCourse(w.course._id) }),
    expected: { anonymous: 401, student: 200, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'GET /api/v1/coursework/:assignmentId': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'GET', url: paths.coursework.get(w.classwork!.assignmentId) }),
    expected: { anonymous: 401, student: 200, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'PATCH /api/v1/coursework/:assignmentId': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'PATCH', url: paths.coursework.update(w.classwork!.assignmentId), payload: { title: 'Essay one, revised' } }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'DELETE /api/v1/coursework/:assignmentId': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'DELETE', url: paths.coursework.delete(w.classwork!.assignmentId) }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'PUT /api/v1/coursework/:assignmentId/extensions/:studentId': {
    world: true,
    classwork: true,
    request: (_a, actors, w) => ({ method: 'PUT', url: paths.coursework.extend(w.classwork!.assignmentId, actors.student.user._id), payload: { dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString() } }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'POST /api/v1/coursework/:assignmentId/submission': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'POST', url: paths.coursework.submit(w.classwork!.assignmentId), ...multipart({ text: 'My essay' }, { files: textFile('essay.txt', 'words') }) }),
    expected: { anonymous: 401, student: 201, otherStudent: 404, professor: 403, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'GET /api/v1/coursework/:assignmentId/submission': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'GET', url: paths.coursework.mySubmission(w.classwork!.assignmentId) }),
    expected: { anonymous: 401, student: 200, otherStudent: 404, professor: 403, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'GET /api/v1/coursework/:assignmentId/submissions': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'GET', url: paths.coursework.submissions(w.classwork!.assignmentId) }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'GET /api/v1/coursework/:assignmentId/submissions.zip': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'GET', url: paths.coursework.submissionsZip(w.classwork!.assignmentId) }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  // ── end of Coursework: assignments and submissions
  // ── Coursework: marks, gradebook and stream
  // The class is the course's owner (`professor`) and its enrolled `student`: anyone else finds
  // nothing (404); the student is told that the owner's calls are the owner's (403).
  'PUT /api/v1/coursework/:assignmentId/marks/:studentId': {
    world: true,
    classwork: true,
    request: (_a, actors, w) => ({ method: 'PUT', url: paths.coursework.mark(w.classwork!.assignmentId, actors.student.user._id), payload: { marks: 7 } }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'POST /api/v1/coursework/:assignmentId/return': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'POST', url: paths.coursework.return(w.classwork!.assignmentId), payload: {} }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'GET /api/v1/coursework/course/:courseId/gradebook': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'GET', url: paths.coursework.gradebook(w.course._id) }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'GET /api/v1/coursework/course/:courseId/gradebook (csv)': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'GET', url: `${paths.coursework.gradebook(w.course._id)}?format=csv` }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'GET /api/v1/coursework/me': { request: () => ({ method: 'GET', url: paths.coursework.myMarks }), expected: students(200) },
  'GET /api/v1/coursework/due-soon': { request: () => ({ method: 'GET', url: paths.coursework.dueSoon }), expected: students(200) },
  'GET /api/v1/coursework/course/:courseId/stream': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'GET', url: paths.coursework.stream(w.course._id) }),
    expected: { anonymous: 401, student: 200, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'POST /api/v1/coursework/course/:courseId/stream': {
    world: true,
    request: (_a, _as, w) => ({ method: 'POST', url: paths.coursework.post(w.course._id), payload: { text: 'Room change' } }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 201, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'POST /api/v1/coursework/stream/:postId/comments': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'POST', url: paths.coursework.comment(w.classwork!.postId), payload: { text: 'Noted' } }),
    expected: { anonymous: 401, student: 201, otherStudent: 404, professor: 201, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  'DELETE /api/v1/coursework/stream/:postId': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'DELETE', url: paths.coursework.deletePost(w.classwork!.postId) }),
    expected: { anonymous: 401, student: 403, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  // `student` wrote the comment: its author and the course's owner may delete it.
  'DELETE /api/v1/coursework/comments/:commentId': {
    world: true,
    classwork: true,
    request: (_a, _as, w) => ({ method: 'DELETE', url: paths.coursework.deleteComment(w.classwork!.commentId) }),
    expected: { anonymous: 401, student: 200, otherStudent: 404, professor: 200, otherProfessor: 404, examOffice: 404, admin: 404 },
  },
  // ── end of Coursework: marks, gradebook and stream
  'GET /api/v1/calendar/feed': { request: () => ({ method: 'GET', url: paths.calendar.feed }), expected: loggedIn(200) },
  'POST /api/v1/calendar/feed/reset': { request: () => ({ method: 'POST', url: paths.calendar.reset }), expected: loggedIn(200) },
  // The token is the credential: whoever holds the address reads the feed, with or without a session.
  'GET /calendar/:token.ics': { feed: true, request: (_a, _as, w) => ({ method: 'GET', url: w.feedPath! }), expected: all(200) },
  'GET /files/:fileId (course thumbnail)': { world: true, request: (_a, _as, w) => ({ method: 'GET', url: w.course.thumbnail }), expected: loggedIn(200) },
  'GET /files/:fileId (notes file)': { world: true,
    request: (_a, _as, w) => ({ method: 'GET', url: w.note.notesfile }),
    // Those who may not read the notes are told the file does not exist.
    expected: { ...professors(200), student: 200, otherStudent: 404 },
  },
};

/** The route a matrix row is about, without its variant suffix. */
const routeOf = (key: string) => key.replace(/ \(.*\)$/, '');

/** Routes that are not part of the API surface: Swagger UI's pages and assets. */
const EXCLUDED = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

const guardedRoutes = () =>
  ctx.routes
    .filter((r) => (r.url.startsWith('/api') || r.url.startsWith('/files') || r.url.startsWith('/calendar/')) && !EXCLUDED(r.url))
    .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`));

describe('authorization matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const registered = guardedRoutes().sort();
    expect(registered.length).toBeGreaterThan(5);
    expect(registered).toEqual([...new Set(Object.keys(MATRIX).map(routeOf))].sort());
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}`, async () => {
      // Each actor is a different account, so one actor's logout or password change cannot
      // affect another's call; anonymous goes first, before anyone changed anything.
      const actors = await buildActors(ctx.app);
      const records = row.records ? await buildRecords(actors) : {};
      const got: Record<string, number> = {};
      for (const actor of ACTOR_NAMES) {
        const world = { ...(row.world ? await buildWorld(actors) : ({} as World)), ...records };
        if (row.event) world.event = await buildEvent(ctx.app, actors.professor, {}, pngThumbnail());
        if (row.resetToken) world.resetToken = await buildResetToken(actor, actors);
        if (row.emailToken) world.emailToken = await buildEmailToken(actor, actors);
        if (row.feed) world.feedPath = await feedPathOf(actors);
        if (row.classwork) world.classwork = await buildClasswork(actors, world.course);
        const options = row.request(actor, actors, world);
        const res = await send(ctx.app, { ...options, headers: { ...(options.headers as Record<string, string>), ...cookieOf(actors, actor) } });
        got[actor] = res.statusCode;
        expect(res.headers['content-type'] ?? '', `${route} as ${actor}`).not.toContain('text/html');
      }
      expect(got).toEqual(row.expected);
    });
  }
});
