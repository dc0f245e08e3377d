import type { FastifyInstance } from 'fastify';
import { paths, type CampusEvent, type Course, type Note, type User } from '@campus/contract';
import { ADMIN_PASSWORD, EXAM_OFFICE_PASSWORD } from './build-app';
import { multipart, pngAvatar, textFile, type FilePart } from './fixtures';

let nextRegistrationId = 300_000_000;

export const DEFAULT_PASSWORD = 'correct horse battery staple';

export interface TestUser {
  user: User;
  password: string;
  cookie: string;
}

export interface UserFields {
  registrationId?: number | string;
  email?: string;
  fullname?: string;
  password?: string;
  semester?: number | string;
  branch?: string;
  userrole?: number | string;
  staffcode?: string;
}

export function userFields(overrides: UserFields = {}): Record<string, string | number | undefined> {
  const registrationId = overrides.registrationId ?? nextRegistrationId++;
  return {
    registrationId,
    email: `user${registrationId}@campus.test`,
    fullname: `User ${registrationId}`,
    password: DEFAULT_PASSWORD,
    semester: 3,
    branch: 'Computer Engineering',
    userrole: 2,
    ...overrides,
  };
}

/** Signs a user up through the API (with a PNG avatar) and returns the created user. */
export async function buildUser(app: FastifyInstance, overrides: UserFields = {}): Promise<{ user: User; password: string }> {
  const fields = userFields(overrides);
  const res = await app.inject({ method: 'POST', url: paths.users.register, ...multipart(fields, pngAvatar()) });
  if (res.statusCode !== 201) throw new Error(`buildUser failed: ${res.statusCode} ${res.body}`);
  return { user: res.json().data as User, password: String(fields.password) };
}

/** Logs in and returns the Cookie header value for the new session. */
export async function loginAs(app: FastifyInstance, registrationId: number, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'campus_session');
  if (!cookie) throw new Error('login set no session cookie');
  return `campus_session=${cookie.value}`;
}

export async function buildLoggedInUser(app: FastifyInstance, overrides: UserFields = {}): Promise<TestUser> {
  const { user, password } = await buildUser(app, overrides);
  return { user, password, cookie: await loginAs(app, user.registrationId, password) };
}

export const buildStudent = (app: FastifyInstance, o: UserFields = {}) => buildLoggedInUser(app, { userrole: 2, ...o });
export const buildProfessor = (app: FastifyInstance, o: UserFields = {}) => buildLoggedInUser(app, { userrole: 1, ...o });

export async function loginExamOffice(app: FastifyInstance, registrationId = 211070007): Promise<TestUser> {
  const cookie = await loginAs(app, registrationId, EXAM_OFFICE_PASSWORD);
  const res = await app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie } });
  return { user: res.json().data as User, password: EXAM_OFFICE_PASSWORD, cookie };
}

/** The first administrator (ADMIN_PASSWORD of the test config), logged in with a fresh session. */
export async function loginAdmin(app: FastifyInstance, registrationId = 100000000): Promise<TestUser> {
  const cookie = await loginAs(app, registrationId, ADMIN_PASSWORD);
  const res = await app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie } });
  return { user: res.json().data as User, password: ADMIN_PASSWORD, cookie };
}

export interface CourseFields {
  title?: string;
  description?: string;
  coursenumber?: number | string;
  semester?: number | string;
  branch?: string;
  examDate?: string;
  examCentre?: string;
  examStart?: string;
  examEnd?: string;
}

let nextCourseNumber = 500_000_000;

export function courseFields(overrides: CourseFields = {}): Record<string, string | number | undefined> {
  const coursenumber = overrides.coursenumber ?? nextCourseNumber++;
  return { title: `Course ${coursenumber}`, description: 'What the course covers', coursenumber, semester: 3, branch: 'Computer Engineering', ...overrides };
}

/** Creates a course through the API as `owner` (a professor), optionally with a thumbnail. */
export async function buildCourse(app: FastifyInstance, owner: TestUser, overrides: CourseFields = {}, files: Record<string, FilePart> = {}): Promise<Course> {
  const res = await app.inject({ method: 'POST', url: paths.courses.create, ...withCookie(multipart(courseFields(overrides), files), owner.cookie) });
  if (res.statusCode !== 201) throw new Error(`buildCourse failed: ${res.statusCode} ${res.body}`);
  return res.json().data.course as Course;
}

/** Joins `course` as `student` through the API. */
export async function joinCourse(app: FastifyInstance, student: TestUser, courseId: string): Promise<void> {
  const res = await app.inject({ method: 'PATCH', url: paths.courses.join(courseId), headers: { cookie: student.cookie } });
  if (res.statusCode !== 200) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
}

/** Adds a notes file to `courseId` as its owner; returns the note. */
export async function buildNote(app: FastifyInstance, owner: TestUser, courseId: string, file: FilePart = textFile('week1.txt', 'lecture one'), filename = 'Week 1'): Promise<Note> {
  const res = await app.inject({ method: 'POST', url: paths.notes.create(courseId), ...withCookie(multipart({ filename }, { notesfile: file }), owner.cookie) });
  if (res.statusCode !== 201) throw new Error(`buildNote failed: ${res.statusCode} ${res.body}`);
  return res.json().data.notes as Note;
}

export interface EventFields {
  title?: string;
  description?: string;
  date?: string;
  time?: string;
  venue?: string;
  instagram?: string;
  twitter?: string;
  linkedin?: string;
  gform?: string;
}

let nextEvent = 1;

export function eventFields(overrides: EventFields = {}): Record<string, string | undefined> {
  const n = nextEvent++;
  return { title: `Event ${n}`, description: 'What happens there', date: '2030-01-15', time: '18:30', venue: 'Main Hall', ...overrides };
}

/** Hosts an event through the API as `host` (any logged-in user), optionally with a thumbnail. */
export async function buildEvent(app: FastifyInstance, host: TestUser, overrides: EventFields = {}, files: Record<string, FilePart> = {}): Promise<CampusEvent> {
  const res = await app.inject({ method: 'POST', url: paths.events.create, ...withCookie(multipart(eventFields(overrides), files), host.cookie) });
  if (res.statusCode !== 201) throw new Error(`buildEvent failed: ${res.statusCode} ${res.body}`);
  return res.json().data.event as CampusEvent;
}

/** A multipart body with the session cookie added to its headers. */
export function withCookie(body: ReturnType<typeof multipart>, cookie: string) {
  return { payload: body.payload, headers: { ...body.headers, cookie } };
}
