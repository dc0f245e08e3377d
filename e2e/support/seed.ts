import { paths } from '@campus/contract/paths';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { pdf, png } from './fixtures';
import type { NewUser } from './flows';

/**
 * Setting up a world through the API rather than the screens: tours and journeys that need a
 * course, notes, an event or a marksheet request to look at get them in a second, not a minute.
 * Each call runs as whoever the request context is logged in as (its own cookie jar).
 */
async function data<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()).data as T;
}

export async function register(api: APIRequestContext, user: NewUser): Promise<{ _id: string }> {
  const { role, ...fields } = user;
  return data(api.post(paths.users.register, { multipart: { ...stringify(fields), userrole: role === 'student' ? '2' : '1', avatar: png() } }));
}

export async function login(api: APIRequestContext, registrationId: number, password: string) {
  await data(api.post(paths.users.login, { data: { registrationId, password } }));
}

export async function createCourse(api: APIRequestContext, fields: { title: string; coursenumber: number; semester: number; branch: string; examDate?: string }) {
  const made = await data<{ course: { _id: string } }>(
    api.post(paths.courses.create, { multipart: { ...stringify(fields), description: 'Seeded for the routes tour.', thumbnail: png('cover.png', [200, 120, 40]) } }),
  );
  return made.course;
}

export const addNotes = (api: APIRequestContext, courseId: string, filename: string) =>
  data(api.post(paths.notes.create(courseId), { multipart: { filename, notesfile: pdf('notes.pdf', filename) } }));

/** The owner sets a published assignment, with a rubric and one attachment. */
export async function createAssignment(api: APIRequestContext, courseId: string, fields: { title: string; dueAt: string; maxMarks: number }) {
  const rubric = [
    { criterion: 'Working', levels: [{ label: 'Not yet', marks: 0 }, { label: 'Works', marks: fields.maxMarks - 2 }] },
    { criterion: 'Clarity', levels: [{ label: 'Unclear', marks: 0 }, { label: 'Clear', marks: 2 }] },
  ];
  const made = await data<{ assignment: { _id: string } }>(
    api.post(paths.coursework.create(courseId), {
      multipart: { kind: 'assignment', ...stringify(fields), instructions: 'Seeded for the routes tour.', rubric: JSON.stringify(rubric), attachments: pdf('brief.pdf', fields.title) },
    }),
  );
  return made.assignment;
}

/** An enrolled student hands in text. */
export const submitText = (api: APIRequestContext, assignmentId: string, text: string) => data(api.post(paths.coursework.submit(assignmentId), { multipart: { text } }));

export const joinCourse = (api: APIRequestContext, courseId: string) => data(api.patch(paths.courses.join(courseId)));

/** The course's owner removes an enrolled student. */
export const removeStudent = (api: APIRequestContext, courseId: string, studentId: string) => data(api.patch(paths.courses.removeStudent(courseId, studentId)));

export async function createEvent(api: APIRequestContext, fields: { title: string; date: string; time: string; venue: string }) {
  const made = await data<{ event: { _id: string } }>(api.post(paths.events.create, { multipart: { ...fields, description: 'Seeded for the routes tour.', thumbnail: png('event.png', [40, 160, 90]) } }));
  return made.event;
}

export const requestMarksheet = (api: APIRequestContext, semester: number) => data(api.post(paths.applications.create, { data: { semester } }));

const stringify = (fields: object) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
