import { todayIn } from '@campus/contract/dates';
import { CLIENT_ROUTES } from '@campus/contract/pages';
import { paths } from '@campus/contract/paths';
import { expect, request, test, type Page } from '@playwright/test';
import { ADMIN, EXAM_OFFICE } from '../support/env';
import { shot, uniqueRegistrationId } from '../support/fixtures';
import { newUser, type NewUser } from '../support/flows';
import { addNotes, createAssignment, createCourse, createEvent, joinCourse, login, register, requestMarksheet, submitText } from '../support/seed';

/**
 * The routes tour: every client route of the app (the contract's CLIENT_ROUTES, which the web
 * app's own test keeps equal to its route table) as each of the five kinds of visitor sees it,
 * each shot at 1366 px and 390 px and checked by axe (support/fixtures.ts `shot`). A world is
 * seeded through the API first, so the detail pages have something to show.
 */
test.describe.configure({ mode: 'serial' });

const id = uniqueRegistrationId();
const professor = newUser('professor', id, { semester: 4 });
const student = newUser('student', id + 1, { semester: 4 });
/** What each `:param` of a route is filled with; a route with a param missing here fails the tour. */
const params: Record<string, string> = {};
/** The query a route needs to show something (the viewer shows the seeded notes file). */
const queries: Record<string, string> = {};

test.beforeAll(async ({ baseURL }) => {
  const api = async () => request.newContext({ baseURL });
  const prof = await api();
  await register(prof, professor);
  await login(prof, professor.registrationId, professor.password);
  const course = await createCourse(prof, { title: `Thermodynamics ${id}`, coursenumber: id, semester: 4, branch: professor.branch, examDate: '2099-12-03' });
  const { notes } = (await addNotes(prof, course._id, 'Week 1: the zeroth law')) as { notes: { notesfile: string; filename: string } };
  queries['/view'] = `?${new URLSearchParams({ file: notes.notesfile, title: notes.filename })}`;
  // Today on the campus's calendar, so the event is in Today's events; at the day's last minute,
  // since no event may start in the past.
  const { campusTimeZone } = (await (await prof.get(paths.config)).json()).data as { campusTimeZone: string };
  const today = todayIn(campusTimeZone);
  const event = await createEvent(prof, { title: `Robotics night ${id}`, date: today, time: '23:59', venue: 'Main hall' });
  const assignment = await createAssignment(prof, course._id, { title: `Heat engines ${id}`, dueAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), maxMarks: 10 });
  const stud = await api();
  const { _id: studentId } = await register(stud, student);
  await login(stud, student.registrationId, student.password);
  await joinCourse(stud, course._id);
  await requestMarksheet(stud, 3);
  await submitText(stud, assignment._id, 'The Carnot cycle bounds every engine.');
  // No campus sign-in provider runs here: a test id nobody has shows the administrator its 404.
  Object.assign(params, { courseId: course._id, tab: 'notes', eventId: event._id, applicantid: studentId, userId: studentId, testId: '00000000-0000-4000-8000-000000000000', assignmentId: assignment._id });
  await Promise.all([prof.dispose(), stud.dispose()]);
});

const fill = (route: string) =>
  route.replace(/:(\w+)/g, (_, name: string) => {
    if (!params[name]) throw new Error(`The routes tour has no value for :${name} in ${route}: seed one in tour.spec.ts`);
    return params[name]!;
  });
const VISITOR_ONLY = new Set<string>(['/login', '/student-signup', '/teacher-signup', '/forgot-password', '/reset-password']);
const slug = (route: string) => (route === '/' ? 'home' : route.slice(1).replace(/[/:]+/g, '-'));

/**
 * Opens each route and waits for it to settle (no spinner or skeleton left), then shoots it. A
 * route that sends this visitor elsewhere (a page that needs a login, say) is shot where it
 * lands, once: the same screen twice would only slow the tour.
 */
async function tour(page: Page, who: string, loggedIn: boolean) {
  const seen = new Set<string>();
  for (const route of CLIENT_ROUTES) {
    // The login and signup pages are a visitor's: the visitor's tour has them.
    if (loggedIn && VISITOR_ONLY.has(route)) continue;
    await page.goto(fill(route) + (queries[route] ?? ''));
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    const landed = new URL(page.url()).pathname;
    if (landed !== fill(route) && seen.has(landed)) continue;
    seen.add(landed);
    await shot(page, `tour-${who}-${slug(route)}`);
  }
}

const roles: { who: string; user?: () => Pick<NewUser, 'registrationId' | 'password'> }[] = [
  { who: 'visitor' },
  { who: 'student', user: () => student },
  { who: 'professor', user: () => professor },
  { who: 'exam-office', user: () => EXAM_OFFICE },
  { who: 'admin', user: () => ADMIN },
];

for (const { who, user } of roles) {
  test(`routes tour: every route as the ${who}, at 1366 and 390 px, with axe`, async ({ page }) => {
    // A signed-in tour is some 35 routes, each shot at two widths and checked by axe: about
    // 2 minutes on CI's two cores (70 shots at ~1.8 s), so it gets 4.
    test.setTimeout(240_000);
    if (user) {
      // The page's own request context shares its cookies: the browser is logged in too.
      const { registrationId, password } = user();
      await login(page.request, registrationId, password);
    }
    await tour(page, who, user !== undefined);
  });
}
