// (Excluded from the server's tsconfig: it compiles only beside the schema.ts the test generates.)
// A client an integrator generates from /api/docs/json: `schema.ts` is openapi-typescript's output,
// nothing here is written by hand about the API's shapes. The test type-checks this file, then runs
// it against a live server: log in, list courses, upload a note, read notifications.
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

let cookie = '';
const client = createClient<paths>({
  baseUrl: env('API_BASE'),
  // Node's fetch keeps no cookies: carry the session like a browser would.
  fetch: async (request) => {
    if (cookie) request.headers.set('cookie', cookie);
    const response = await fetch(request);
    const session = response.headers.getSetCookie().find((c) => c.startsWith('campus_session='));
    if (session) cookie = session.split(';')[0]!;
    return response;
  },
});

async function login(registrationId: number, password: string) {
  const { data, error } = await client.POST('/api/v1/users/login', { body: { registrationId, password } });
  if (!data) throw new Error(`login refused: ${error?.errors[0]}`);
  return data.data.user;
}

const professor = await login(Number(env('PROFESSOR_ID')), env('PASSWORD'));

const courses = await client.GET('/api/v1/courses/searchbyowner', { params: { query: { limit: 10 } } });
if (!courses.data) throw new Error(`courses refused: ${courses.error?.errors[0]}`);
const course = courses.data.data.listofcourses[0]!;
// @ts-expect-error a course's id is text: the generated types know the shape, they are not `any`.
const wrong: number = course._id;
void wrong;

const uploaded = await client.POST('/api/v1/notes/create-notes/{courseId}', {
  params: { path: { courseId: course._id } },
  body: { filename: 'Week 1', notesfile: '' },
  // The generated body names the fields; the file travels as multipart.
  bodySerializer: (body) => {
    const form = new FormData();
    form.set('filename', body.filename);
    form.set('notesfile', new Blob(['lecture one'], { type: 'text/plain' }), 'week1.txt');
    return form;
  },
});
if (!uploaded.data) throw new Error(`upload refused: ${uploaded.error?.errors[0]}`);

await client.POST('/api/v1/users/logout');
await login(Number(env('STUDENT_ID')), env('PASSWORD'));
const inbox = await client.GET('/api/v1/notifications/getnotification');
if (!inbox.data) throw new Error(`notifications refused: ${inbox.error?.errors[0]}`);

console.log(
  JSON.stringify({
    professor: professor.fullname,
    course: course.title,
    note: uploaded.data.data.notes.filename,
    unread: inbox.data.data.unreadnotifications.map((n) => n.content),
  }),
);
