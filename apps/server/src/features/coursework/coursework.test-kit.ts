/** What the coursework tests share: a class (owner, enrolled students), forms with several files, setting work. */
import { paths, type Assignment } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { buildCourse, buildProfessor, buildStudent, joinCourse, type TestUser } from '../../../test/factories';
import type { FilePart } from '../../../test/fixtures';

/** A multipart body whose file fields may repeat (`files` twice), with the session cookie. */
export function form(cookie: string, fields: Record<string, string | number | undefined>, files: [field: string, file: FilePart][] = []) {
  const boundary = `----coursework${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of files) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie } };
}

export interface Class {
  owner: TestUser;
  courseId: string;
  students: TestUser[];
}

/** A course with its owner and `n` enrolled students. */
export async function buildClass(app: FastifyInstance, n = 1): Promise<Class> {
  const owner = await buildProfessor(app);
  const course = await buildCourse(app, owner);
  const students: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const s = await buildStudent(app);
    await joinCourse(app, s, course._id);
    students.push(s);
  }
  return { owner, courseId: course._id, students };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** The fields of an assignment due in a week, with `overrides`. */
export const assignmentFields = (overrides: Record<string, string | number | undefined> = {}) => ({
  kind: 'assignment',
  title: 'Essay on graphs',
  instructions: 'Write two pages.',
  maxMarks: 20,
  dueAt: inMinutes(7 * 24 * 60),
  ...overrides,
});

/** Sets an assignment through the API as `owner`; throws unless 201. */
export async function setWork(app: FastifyInstance, owner: TestUser, courseId: string, overrides: Record<string, string | number | undefined> = {}, files: [string, FilePart][] = []): Promise<Assignment> {
  const res = await app.inject({ method: 'POST', url: paths.coursework.create(courseId), ...form(owner.cookie, assignmentFields(overrides), files) });
  if (res.statusCode !== 201) throw new Error(`setWork failed: ${res.statusCode} ${res.body}`);
  return res.json().data.assignment as Assignment;
}

export { inMinutes };
