import type { FastifyInstance } from 'fastify';
import { paths, type User } from '@campus/contract';
import { EXAM_OFFICE_PASSWORD } from './build-app';
import { multipart, pngAvatar } from './fixtures';

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
