import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paths, todayIn, type Course, type EventList, type Note, type User } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './platform/config/config';
import { SEED_COURSE, SEED_EVENT, SEED_NOTE, SEED_PASSWORD, SEED_PROFESSOR, SEED_STUDENT, seedRefusal } from './seed';

/**
 * `npm run seed` as a newcomer runs it (the script, from source), on the embedded database of a
 * fresh DATA_DIR; then a server opens that folder as `npm start` would, and the README's logins
 * work there.
 */
/** The exam office's and the administrator's registration ids by default, as the README gives them. */
const EXAM_OFFICE = 211070007;
const ADMIN = 100000000;

function runSeed(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/seed.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    // Only what the seed is given: no DATABASE_URL or PUBLIC_ORIGIN of the machine's.
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-seed-'));
const env = { DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web-build') };
const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });

/** A server on the seeded folder, for the test's checks; closed before the seed runs again. */
async function withPortal<T>(check: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildApp(config, { logger: false });
  try {
    return await check(app);
  } finally {
    await app.close();
  }
}

/** Logs in with the documented password (a failure fails the test); the session's cookie. */
async function login(app: FastifyInstance, registrationId: number): Promise<string> {
  const res = await app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId, password: SEED_PASSWORD } });
  expect(res.statusCode, `login as ${registrationId}`).toBe(200);
  const session = res.cookies.find((c) => c.name === 'campus_session');
  return `campus_session=${session!.value}`;
}

const get = async <T>(app: FastifyInstance, url: string, cookie: string): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, url).toBe(200);
  return res.json().data as T;
};

/** What the seeded people see, as the API shows it: unchanged means nothing was changed. */
async function whatTheySee(app: FastifyInstance) {
  const professor = await login(app, SEED_PROFESSOR.registrationId);
  const student = await login(app, SEED_STUDENT.registrationId);
  const office = await login(app, EXAM_OFFICE);
  const admin = await login(app, ADMIN);
  const courses = (await get<{ listofcourses: Course[] }>(app, paths.courses.all, student)).listofcourses;
  const course = courses.find((c) => c.coursenumber === SEED_COURSE.coursenumber);
  return {
    users: [await get<User>(app, paths.users.currentUser, professor), await get<User>(app, paths.users.currentUser, student), await get<User>(app, paths.users.currentUser, office), await get<User>(app, paths.users.currentUser, admin)],
    courses,
    enrolled: (await get<{ listofcourses: Course[] }>(app, paths.courses.byStudent, student)).listofcourses,
    notes: course ? (await get<{ notesofcourse: Note[] }>(app, paths.notes.ofCourse(course._id), student)).notesofcourse : [],
    events: (await get<EventList>(app, paths.events.all, student)).listofevents,
  };
}

let first: Awaited<ReturnType<typeof runSeed>>;
let second: Awaited<ReturnType<typeof runSeed>>;
let seen: Awaited<ReturnType<typeof whatTheySee>>;
let seenAgain: Awaited<ReturnType<typeof whatTheySee>>;

/**
 * The script runs once per `npm test`, on the embedded database a newcomer starts with: the
 * second server layer (TEST_DATABASE_URL set) would run the same two seeds again for a minute,
 * while everything the seed does goes through the app's own routes, which that layer tests.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  if (onPostgres) return;
  first = await runSeed(env);
  // A failed first run would otherwise surface only as a refused login below: say what the seed said.
  if (first.code !== 0) throw new Error(`npm run seed exited with ${first.code}:\n${first.stdout}\n${first.stderr}`);
  seen = await withPortal(whatTheySee);
  second = await runSeed(env);
  seenAgain = await withPortal(whatTheySee);
}, 120_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(onPostgres)('npm run seed', () => {
  it('creates every account and thing on a fresh database, and prints the logins', () => {
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.match(/: created$/gm)).toHaveLength(8);
    expect(first.stdout).not.toContain('already there');
    for (const id of [SEED_PROFESSOR.registrationId, SEED_STUDENT.registrationId, EXAM_OFFICE, ADMIN]) {
      expect(first.stdout).toMatch(new RegExp(`^\\s+\\w+( office)?\\s+${id}\\s+${SEED_PASSWORD}$`, 'm'));
    }
  });

  it('leaves accounts that log in with the documented password: a professor, a student, the exam office, an administrator', () => {
    const [professor, student, office, admin] = seen.users;
    expect(professor).toMatchObject({ registrationId: SEED_PROFESSOR.registrationId, userrole: 1, isExamOffice: false });
    expect(student).toMatchObject({ registrationId: SEED_STUDENT.registrationId, userrole: 2, semester: SEED_COURSE.semester, branch: SEED_COURSE.branch, isExamOffice: false });
    expect(office).toMatchObject({ registrationId: EXAM_OFFICE, isExamOffice: true, isAdmin: false });
    expect(admin).toMatchObject({ registrationId: ADMIN, isAdmin: true, isExamOffice: false });
  });

  it('leaves the student enrolled in the course, whose exam (with its centre) and note are there', () => {
    const today = todayIn(config.campusTimeZone);
    const [course] = seen.enrolled;
    expect(seen.enrolled).toHaveLength(1);
    expect(course).toMatchObject({ coursenumber: SEED_COURSE.coursenumber, ownername: SEED_PROFESSOR.fullname, examCentre: SEED_COURSE.examCentre });
    expect(course!.examDate! > today).toBe(true);
    expect(course!.students).toEqual([seen.users[1]!._id]);
    expect(seen.notes.map((n) => n.filename)).toEqual([SEED_NOTE.filename]);
  });

  it('lists the event, ahead', () => {
    const listed = seen.events.map((e) => e.events);
    expect(listed.map((e) => e.title)).toEqual([SEED_EVENT.title]);
    expect(listed[0]!.date > todayIn(config.campusTimeZone)).toBe(true);
  });

  it('run again, finds everything there and changes nothing', () => {
    expect(second.code).toBe(0);
    expect(second.stdout.match(/: already there$/gm)).toHaveLength(8);
    expect(second.stdout).not.toContain(': created');
    expect(seenAgain).toEqual(seen);
  });

  it('refuses to run with NODE_ENV=production, touching no database', async () => {
    const elsewhere = path.join(dataDir, 'production');
    const run = await runSeed({ DATA_DIR: elsewhere, NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('it does not run with NODE_ENV=production');
    expect(run.stdout).toBe('');
    expect(fs.existsSync(elsewhere)).toBe(false);
  });

  it('refuses an https PUBLIC_ORIGIN other than this machine', () => {
    expect(seedRefusal({ PUBLIC_ORIGIN: 'https://portal.example.edu' })).toContain('PUBLIC_ORIGIN=https://portal.example.edu');
    expect(seedRefusal({ PUBLIC_ORIGIN: 'https://localhost:8443' })).toBeUndefined();
    expect(seedRefusal({ PUBLIC_ORIGIN: 'http://127.0.0.1:8000' })).toBeUndefined();
    expect(seedRefusal({})).toBeUndefined();
  });
});
