// The pages the browser scenarios open, and what they need, seeded through the real API: a
// professor, a course with a thumbnail, an exam date and a note, a student who joined it, and
// two events (one today, one next week) for the student's home page.
import { signedIn } from './accounts.mjs';
import { tinyPng } from './png.mjs';

/** The campus time zone the bench's server runs in, so "today's event" is today for it too. */
export const PAGES_TIME_ZONE = 'UTC';

const COURSE_TITLE = 'Bench Course';
const STUDENT_NAME = 'Bench Student';

/** A campus day (YYYY-MM-DD in PAGES_TIME_ZONE) `days` from now. */
const dayFromNow = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function postForm(base, path, cookie, fields, file) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${base}${path}`, { method: 'POST', body: form, headers: { cookie } });
  if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data;
}

/** Seeds the pages' data on a fresh server; returns the student's cookie and the course id. */
export async function seedPages(base) {
  const prof = await signedIn(base, { registrationId: '200000011', userrole: '1', fullname: 'Bench Professor' });
  const png = { field: 'thumbnail', bytes: tinyPng, type: 'image/png', name: 't.png' };
  const created = await postForm(
    base,
    '/api/v1/courses/create-course',
    prof.cookie,
    { title: COURSE_TITLE, description: 'For the page weights', coursenumber: '200000011', examDate: dayFromNow(60) },
    png,
  );
  const courseId = created.course._id;
  const notes = 'Week 1: what a compiler does, and the phases of one.\n'.repeat(40);
  await postForm(base, `/api/v1/notes/create-notes/${courseId}`, prof.cookie, { filename: 'Week 1 notes' }, { field: 'notesfile', bytes: Buffer.from(notes), type: 'text/plain', name: 'week1.txt' });
  // Today's at the day's last minute: no event may start in the past, whenever the bench runs.
  for (const [title, days] of [['Bench Hackathon', 0], ['Bench Tech Talk', 7]]) {
    await postForm(base, '/api/v1/events/create-event', prof.cookie, { title, description: `${title}: come along.`, date: dayFromNow(days), time: '23:59', venue: 'Main hall' }, png);
  }

  const student = await signedIn(base, { registrationId: '200000012', fullname: STUDENT_NAME });
  const joined = await fetch(`${base}/api/v1/courses/addstudenttocourse/${courseId}`, { method: 'PATCH', headers: { cookie: student.cookie } });
  if (!joined.ok) throw new Error(`addstudenttocourse answered ${joined.status}`);
  return { courseId, studentCookie: student.cookie };
}

/**
 * The measured pages, in order: each path, whether the student is logged in, and `ready(page)`,
 * which resolves once the page's main content is visible (the figures are taken after it).
 */
export function pagesToMeasure({ courseId }) {
  const visible = (locator) => locator.first().waitFor({ state: 'visible', timeout: 60_000 });
  return [
    { path: '/login', loggedIn: false, ready: (page) => visible(page.getByRole('button', { name: 'Log in' })) },
    { path: '/', loggedIn: true, ready: (page) => Promise.all([visible(page.getByRole('heading', { name: `Hello, ${STUDENT_NAME}` })), visible(page.getByText('Bench Hackathon'))]) },
    { path: '/all-courses', loggedIn: true, ready: (page) => visible(page.getByRole('link', { name: COURSE_TITLE })) },
    { path: `/course/${courseId}`, label: '/course/:id', loggedIn: true, ready: (page) => Promise.all([visible(page.getByRole('heading', { name: COURSE_TITLE })), visible(page.getByRole('tab', { name: 'Enrolled' }))]) },
    { path: '/hallticket', loggedIn: true, ready: (page) => visible(page.getByRole('button', { name: 'Download admit card (PDF)' })) },
    // What a gate's phone opens, nobody logged in: ready when the paste field is there.
    { path: '/verify', loggedIn: false, ready: (page) => visible(page.getByLabel('Link or code from the document')) },
  ].map((p) => ({ label: p.path, ...p }));
}
