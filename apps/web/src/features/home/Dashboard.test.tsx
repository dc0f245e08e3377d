import type { NotificationItem } from '@campus/contract/notifications';
import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent, theExamOffice } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aCourse } from '../courses/test-data';
import { listings } from '../events/test-data';

// The dashboard's cards are lazy chunks of their own: on a busy machine they take more than a second.
// Meanwhile a card's loading frame is a busy region of the same name, which the
// card then replaces: find the card itself.
const section = async (name: string) => within(await screen.findByRole('region', { name, busy: false }, { timeout: 5000 }));
const course = (n: number, title: string, examDate: string | null) => aCourse({ _id: `7c0a0000-0000-4000-8000-00000000000${n}`, title, examDate });
const note = (n: number, content: string, link?: string): NotificationItem => ({
  notificationid: String(n),
  content,
  date: '2026-11-20T10:00:00.000Z',
  ...(link ? { link } : {}),
});

describe('the home dashboard', () => {
  it("a student's joined courses, the next exam first, each with its date, and See all", async () => {
    loggedInAs(aStudent());
    server.use(
      http.get(paths.courses.myCourses, () =>
        ok({ listofcourses: [course(1, 'Later', '2099-03-01'), course(2, 'Past', '2001-05-05'), course(3, 'Undated', null), course(4, 'Sooner', '2099-01-15')] }),
      ),
    );
    renderApp('/');
    const mine = await section('My courses');
    const rows = await mine.findAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Sooner', 'Later', 'Undated', 'Past']);
    expect(rows[0]).toHaveTextContent('Exam Thu, 15 Jan 2099');
    expect(rows[2]).toHaveTextContent('Exam date not set');
    expect(rows[3]).toHaveTextContent('Exam was Sat, 5 May 2001');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/course/7c0a0000-0000-4000-8000-000000000004');
    expect(mine.getByRole('link', { name: /^See all/ })).toHaveAttribute('href', '/my-courses');
    // The exam office's card is not a student's.
    expect(screen.queryByRole('region', { name: 'Marksheet requests' })).toBeNull();
  });

  it("a professor's card lists the courses they teach", async () => {
    loggedInAs(aProfessor());
    server.use(http.get(paths.courses.myCoursesTeacher, () => ok({ listofcourses: [course(5, 'Optics', '2099-02-02')] })));
    renderApp('/');
    expect(await (await section('My courses')).findByRole('link', { name: 'Optics' })).toBeInTheDocument();
  });

  it('the newest unread notifications from the small call (never the whole list), each leading where it points, and See all', async () => {
    loggedInAs(aStudent());
    let listed = 0;
    server.use(
      http.get(paths.notifications.recent, () => ok({ notifications: [note(9, 'New notes "Week 2"', '/course/abc'), note(8, 'Marksheet requested')], unread: 7 })),
      http.get(paths.notifications.list, () => {
        listed += 1;
        return ok({ readnotifications: [], unreadnotifications: [], notifications: [] });
      }),
    );
    renderApp('/');
    const unread = await section('Unread notifications');
    expect(await unread.findByRole('link', { name: /New notes "Week 2"/ })).toHaveAttribute('href', '/course/abc');
    expect(unread.getByRole('link', { name: /Marksheet requested/ })).toHaveAttribute('href', '/all-notifications');
    expect(unread.getByText('5 more unread on the notifications page.')).toBeInTheDocument();
    expect(unread.getByRole('link', { name: /^See all/ })).toHaveAttribute('href', '/all-notifications');
    expect(listed).toBe(0);
  });

  it('the exam office sees its open requests and a link to them, and no course card', async () => {
    loggedInAs(theExamOffice());
    let askedCourses = false;
    const app = (n: number, replied: boolean) => ({ _id: `a${n}`, from: 'u1', content: 'please', semester: 3, replied, createdAt: '2026-01-01T00:00:00.000Z' });
    server.use(
      http.get(paths.applications.all, () => ok({ allapplications: [app(1, false), app(2, true), app(3, false)] })),
      http.get(paths.courses.myCoursesTeacher, () => {
        askedCourses = true;
        return ok({ listofcourses: [] });
      }),
    );
    renderApp('/');
    const requests = await section('Marksheet requests');
    expect(await requests.findByText('2')).toBeInTheDocument();
    expect(requests.getByText('open requests wait for a marksheet')).toBeInTheDocument();
    expect(requests.getByRole('link', { name: /^See all/ })).toHaveAttribute('href', '/applications');
    await section('Unread notifications');
    expect(screen.queryByRole('region', { name: 'My courses' })).toBeNull();
    expect(askedCourses).toBe(false);
  });

  it('a section that fails says so with Retry, while the others show; Retry brings it back', async () => {
    loggedInAs(aStudent());
    let broken = true;
    server.use(
      http.get(paths.courses.myCourses, () => (broken ? fail('internal_error') : ok({ listofcourses: [course(1, 'Optics', null)] }))),
      http.get(paths.notifications.recent, () => ok({ notifications: [note(1, 'Hello there')], unread: 1 })),
      http.get(paths.events.today, () => ok({ listofevents: listings(1) })),
    );
    renderApp('/');
    const mine = await section('My courses');
    expect(await mine.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Something went wrong. Please try again.');
    expect(await (await section('Unread notifications')).findByRole('link', { name: /Hello there/ })).toBeInTheDocument();
    expect(await (await section("Today's events")).findByRole('link', { name: 'Event 1' })).toBeInTheDocument();
    broken = false;
    await userEvent.click(mine.getByRole('button', { name: 'Retry' }));
    expect(await mine.findByRole('link', { name: 'Optics' })).toBeInTheDocument();
    expect(mine.queryByRole('alert')).toBeNull();
  });

  it('a slow section shows its own skeleton and holds up nothing else', async () => {
    loggedInAs(aStudent());
    server.use(
      http.get(paths.courses.myCourses, () => new Promise(() => {})),
      http.get(paths.notifications.recent, () => ok({ notifications: [note(1, 'Hello there')], unread: 1 })),
    );
    renderApp('/');
    expect(await (await section('Unread notifications')).findByRole('link', { name: /Hello there/ })).toBeInTheDocument();
    await waitFor(async () => expect((await section('My courses')).getByRole('progressbar', { name: 'Loading my courses' })).toBeInTheDocument());
  });
});
