/**
 * `npm run seed`: someone to log in as on a development portal — a professor, a student enrolled
 * in the professor's course, the exam office, an administrator — and something to look at: the course (its exam
 * date ahead, with a centre), a note in it and an event ahead. Everything goes through the
 * portal's own API (in process, `app.inject`), so the rules every user meets hold for the seed
 * too; only the exam office and the administrator, whom nobody can sign up as, are made by the
 * service that makes them at start-up.
 *
 * The registration ids and the one password are published (README), so the seed refuses to run
 * where that could reach a real portal. Run again, it finds what it made and changes nothing.
 */
import { pathToFileURL } from 'node:url';
import { paths, ROLES, todayIn, type CampusEvent, type Course, type Note, type User, type UserRole } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ensureAdmin, ensureExamOffice, type SetupAccount } from './features/users';
import type { Db } from './platform/db/database';
import { ConfigError, loadConfig, type Config } from './platform/config/config';

/** The password of every seeded account: for local development only, hence written here. */
export const SEED_PASSWORD = 'campus-dev-password';

/** An account the seed signs up, as the signup form takes it (the password is SEED_PASSWORD). */
export interface SeedPerson {
  registrationId: number;
  fullname: string;
  email: string;
  semester: number;
  branch: string;
  userrole: UserRole;
}

export const SEED_PROFESSOR: SeedPerson = { registrationId: 211070001, fullname: 'Asha Kulkarni', email: 'asha.kulkarni@campus.test', semester: 3, branch: 'Computer Engineering', userrole: ROLES.PROFESSOR };
/** In the course's semester and branch, so the course is among theirs and notifies them. */
export const SEED_STUDENT: SeedPerson = { registrationId: 211070002, fullname: 'Rohan Patil', email: 'rohan.patil@campus.test', semester: 3, branch: 'Computer Engineering', userrole: ROLES.STUDENT };
export const SEED_COURSE = { coursenumber: 211071001, title: 'Data Structures', description: 'Arrays, lists, trees and graphs: lectures, weekly problem sets and a final examination.', semester: 3, branch: 'Computer Engineering', examCentre: 'Main Building, Hall 2' };
export const SEED_NOTE = { filename: 'Week 1: arrays and linked lists', file: 'week-1.txt', text: 'Week 1: arrays and linked lists.\n\nRead chapter 2 before the tutorial.\n' };
export const SEED_EVENT = { title: 'Coding club: first meetup', description: 'Meet the coding club; bring a laptop and a problem you like.', time: '17:30', venue: 'Seminar Hall, Main Building' };
/** How far ahead of the day of the first run the exam and the event are. */
const EXAM_IN_DAYS = 30;
const EVENT_IN_DAYS = 14;

/** A 1×1 PNG: signup requires an avatar. */
const AVATAR_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why the seed must not run with `env`, or undefined: NODE_ENV=production, or an https
 * PUBLIC_ORIGIN that is not this machine. A published password there would be an open door.
 */
export function seedRefusal(env: Record<string, string | undefined>): string | undefined {
  const why = 'npm run seed makes accounts with a published password';
  if (env.NODE_ENV === 'production') return `${why}: it does not run with NODE_ENV=production.`;
  if (env.PUBLIC_ORIGIN === undefined || !URL.canParse(env.PUBLIC_ORIGIN)) return undefined; // loadConfig names a bad one
  const { protocol, hostname } = new URL(env.PUBLIC_ORIGIN);
  const local = LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');
  if (protocol === 'https:' && !local) return `${why}: it does not run for PUBLIC_ORIGIN=${env.PUBLIC_ORIGIN}, a portal other people reach.`;
  return undefined;
}

/** The seed cannot run, or cannot finish; the message says why. */
export class SeedError extends Error {}

/** What the seed did about one thing: made it now, or found it made. */
export interface SeedStep {
  what: string;
  created: boolean;
}

interface Answer {
  statusCode: number;
  body: string;
  json(): { data: unknown };
}

/** A user's session, as the seed holds it. */
interface Session {
  cookie: string;
  user: User;
}

/** What every step works with: the app, its config, and where a step reports what it did. */
interface Seeding {
  app: FastifyInstance;
  config: Config;
  step(what: string, created: boolean): void;
}

/** One request to the app, in process; `form` goes as multipart, `json` as JSON. */
async function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, options: { cookie?: string; json?: object; form?: FormData } = {}): Promise<Answer> {
  const payload = options.form ?? options.json;
  return (await app.inject({ method, url, headers: options.cookie ? { cookie: options.cookie } : {}, ...(payload ? { payload } : {}) })) as unknown as Answer;
}

function expectStatus(res: Answer, status: number, doing: string): void {
  if (res.statusCode !== status) throw new SeedError(`${doing}: the portal answered ${res.statusCode} ${res.body}`);
}

function form(fields: Record<string, string | number>, file?: { field: string; name: string; type: string; bytes: Buffer }): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  if (file) body.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

/** A session for the account, or undefined when the seed's password does not open it (or there is none). */
async function logIn(app: FastifyInstance, registrationId: number): Promise<Session | undefined> {
  const res = await app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId, password: SEED_PASSWORD } });
  if (res.statusCode === 401) return undefined;
  expectStatus(res as unknown as Answer, 200, `logging in as ${registrationId}`);
  const session = res.cookies.find((c) => c.name === 'campus_session');
  if (!session) throw new SeedError('the login set no session cookie');
  return { cookie: `campus_session=${session.value}`, user: (res.json() as { data: { user: User } }).data.user };
}

/** Logs in as the professor or the student, signing them up first when they are not there. */
async function account({ app, step }: Seeding, person: SeedPerson, staffcode: string | undefined): Promise<Session> {
  const role = person.userrole === ROLES.PROFESSOR ? 'professor' : 'student';
  const what = `${role} ${person.registrationId} (${person.fullname})`;
  let session = await logIn(app, person.registrationId);
  const created = !session;
  if (!session) {
    const fields = { ...person, password: SEED_PASSWORD, ...(staffcode && role === 'professor' ? { staffcode } : {}) };
    const res = await call(app, 'POST', paths.users.register, { form: form(fields, { field: 'avatar', name: 'avatar.png', type: 'image/png', bytes: AVATAR_PNG }) });
    if (res.statusCode === 409) throw new SeedError(`${what}: the registration id or email is taken by an account the seed's password does not open; seed another database.`);
    expectStatus(res, 201, `signing up the ${role}`);
    session = await logIn(app, person.registrationId);
    if (!session) throw new SeedError(`${what}: signed up, yet the password does not log in`);
  }
  if (session.user.userrole !== person.userrole || session.user.isExamOffice) throw new SeedError(`${what}: registration id ${person.registrationId} is an account of another kind`);
  step(what, created);
  return session;
}

/** A staff account start-up makes from configuration, which nobody can sign up as. */
interface StaffAccount {
  what: string;
  account: SetupAccount;
  ensure: (db: Db, account: SetupAccount) => Promise<void>;
  /** Whether a signed-in user is this kind of account. */
  is: (user: User) => boolean;
}

const staffAccounts = (config: Config): { examOffice: StaffAccount; admin: StaffAccount } => ({
  examOffice: { what: `exam office ${config.examOffice.registrationId}`, account: config.examOffice, ensure: ensureExamOffice, is: (u) => u.isExamOffice },
  admin: { what: `administrator ${config.admin.registrationId}`, account: config.admin, ensure: ensureAdmin, is: (u) => u.isAdmin },
});

/**
 * A session of the exam office or the administrator, made now with the seed's password if
 * missing; undefined when it exists with a password of its own (EXAM_OFFICE_PASSWORD's or
 * ADMIN_PASSWORD's, when it was made), left as it is.
 */
async function staffAccount({ app, step }: Seeding, { what, account, ensure, is }: StaffAccount): Promise<Session | undefined> {
  let session = await logIn(app, account.registrationId);
  const created = !session;
  if (!session) {
    await ensure(app.database.db, { ...account, password: SEED_PASSWORD });
    session = await logIn(app, account.registrationId);
  }
  if (!session) {
    step(`${what}, with a password of its own (left as it is)`, false);
    return undefined;
  }
  if (!is(session.user)) throw new SeedError(`${what}: logs in, but is another kind of account`);
  step(what, created);
  return session;
}

/** `days` after today on the campus calendar, YYYY-MM-DD. */
const campusDay = (config: Config, days: number) => todayIn(config.campusTimeZone, new Date(config.now().getTime() + days * 86_400_000));

async function course({ app, config, step }: Seeding, professor: Session): Promise<Course> {
  const what = (c: Course) => `course ${c.coursenumber} "${c.title}", exam on ${c.examDate ?? 'TBA'} at ${c.examCentre ?? 'the campus default'}`;
  const mine = await call(app, 'GET', paths.courses.byOwner, { cookie: professor.cookie });
  expectStatus(mine, 200, "listing the professor's courses");
  const found = (mine.json().data as { listofcourses: Course[] }).listofcourses.find((c) => c.coursenumber === SEED_COURSE.coursenumber);
  if (found) {
    step(what(found), false);
    return found;
  }
  const res = await call(app, 'POST', paths.courses.create, { cookie: professor.cookie, form: form({ ...SEED_COURSE, examDate: campusDay(config, EXAM_IN_DAYS) }) });
  if (res.statusCode === 409) throw new SeedError(`course number ${SEED_COURSE.coursenumber} is another professor's course`);
  expectStatus(res, 201, 'creating the course');
  const created = (res.json().data as { course: Course }).course;
  step(what(created), true);
  return created;
}

async function enrolment({ app, step }: Seeding, student: Session, courseId: string): Promise<void> {
  const res = await call(app, 'PATCH', paths.courses.join(courseId), { cookie: student.cookie });
  // 409 is the API's "already joined".
  if (res.statusCode !== 409) expectStatus(res, 200, 'joining the course');
  step('the student, enrolled in the course', res.statusCode === 200);
}

async function note({ app, step }: Seeding, professor: Session, courseId: string): Promise<void> {
  const what = `note "${SEED_NOTE.filename}"`;
  const listed = await call(app, 'GET', paths.notes.ofCourse(courseId), { cookie: professor.cookie });
  expectStatus(listed, 200, "listing the course's notes");
  if ((listed.json().data as { notesofcourse: Note[] }).notesofcourse.some((n) => n.filename === SEED_NOTE.filename)) {
    step(what, false);
    return;
  }
  const file = { field: 'notesfile', name: SEED_NOTE.file, type: 'text/plain', bytes: Buffer.from(SEED_NOTE.text) };
  expectStatus(await call(app, 'POST', paths.notes.create(courseId), { cookie: professor.cookie, form: form({ filename: SEED_NOTE.filename }, file) }), 201, 'adding the note');
  step(what, true);
}

async function event({ app, config, step }: Seeding, host: Session): Promise<void> {
  const what = (e: CampusEvent) => `event "${e.title}" on ${e.date} at ${e.time}`;
  const mine = await call(app, 'GET', paths.events.mine, { cookie: host.cookie });
  expectStatus(mine, 200, "listing the professor's events");
  const found = (mine.json().data as { listofevents: { events: CampusEvent }[] }).listofevents.find((e) => e.events.title === SEED_EVENT.title);
  if (found) {
    step(what(found.events), false);
    return;
  }
  const res = await call(app, 'POST', paths.events.create, { cookie: host.cookie, form: form({ ...SEED_EVENT, date: campusDay(config, EVENT_IN_DAYS) }) });
  expectStatus(res, 201, 'hosting the event');
  step(what((res.json().data as { event: CampusEvent }).event), true);
}

export interface SeedResult {
  steps: SeedStep[];
  /** Whether the exam office logs in with SEED_PASSWORD (not when it existed with another). */
  examOfficeSeeded: boolean;
  /** Whether the administrator logs in with SEED_PASSWORD (not when it existed with another). */
  adminSeeded: boolean;
  config: Config;
}

/**
 * Seeds the database `env` configures (the embedded one in DATA_DIR, or DATABASE_URL's), telling
 * `say` each step as it goes. Throws SeedError when it must not run or cannot finish.
 */
export async function seed(env: Record<string, string | undefined>, say: (line: string) => void = () => {}): Promise<SeedResult> {
  const refusal = seedRefusal(env);
  if (refusal) throw new SeedError(refusal);
  // Without EXAM_OFFICE_PASSWORD and ADMIN_PASSWORD start-up makes neither account: the seed
  // makes them, and says so. Quiet, unless something goes wrong.
  const config = loadConfig({ LOG_LEVEL: 'warn', ...env, EXAM_OFFICE_PASSWORD: undefined, ADMIN_PASSWORD: undefined });
  say(`Seeding ${config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${config.dataDir}`}:`);
  const app = await buildApp(config);
  const steps: SeedStep[] = [];
  const seeding: Seeding = {
    app,
    config,
    step(what, created) {
      steps.push({ what, created });
      say(`  ${what}: ${created ? 'created' : 'already there'}`);
    },
  };
  const sessions: Session[] = [];
  const held = <T extends Session | undefined>(s: T): T => {
    if (s) sessions.push(s);
    return s;
  };
  try {
    const professor = held(await account(seeding, SEED_PROFESSOR, env.STAFF_SIGNUP_CODE));
    const student = held(await account(seeding, SEED_STUDENT, undefined));
    const staff = staffAccounts(config);
    const office = held(await staffAccount(seeding, staff.examOffice));
    const admin = held(await staffAccount(seeding, staff.admin));
    const seeded = await course(seeding, professor);
    await enrolment(seeding, student, seeded._id);
    await note(seeding, professor, seeded._id);
    await event(seeding, professor);
    return { steps, examOfficeSeeded: office !== undefined, adminSeeded: admin !== undefined, config };
  } finally {
    // Nobody stays logged in after the seed.
    for (const { cookie } of sessions) await call(app, 'POST', paths.users.logout, { cookie });
    await app.close();
  }
}

/** The logins, as the README's table gives them. */
export function loginsTable({ config, examOfficeSeeded, adminSeeded }: Pick<SeedResult, 'config' | 'examOfficeSeeded' | 'adminSeeded'>): string {
  const row = (role: string, id: string | number, password: string) => `  ${role.padEnd(12)} ${String(id).padEnd(16)} ${password}`;
  return [
    `Log in at ${config.publicOrigin ?? `http://localhost:${config.port}`} (npm run dev: http://localhost:5173) as:`,
    row('role', 'registration id', 'password'),
    row('professor', SEED_PROFESSOR.registrationId, SEED_PASSWORD),
    row('student', SEED_STUDENT.registrationId, SEED_PASSWORD),
    row('exam office', config.examOffice.registrationId, examOfficeSeeded ? SEED_PASSWORD : '(its own)'),
    row('admin', config.admin.registrationId, adminSeeded ? SEED_PASSWORD : '(its own)'),
  ].join('\n');
}

async function main(): Promise<void> {
  try {
    const result = await seed(process.env, (line) => console.log(line));
    console.log(`\n${loginsTable(result)}`);
  } catch (err) {
    if (!(err instanceof SeedError || err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
}

// Run as `npm run seed`; a test imports it without running it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
