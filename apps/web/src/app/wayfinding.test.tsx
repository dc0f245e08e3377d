import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { aCourse } from '../features/courses/test-data';
import { aStudent } from '../test/fixtures';
import { renderApp } from '../test/render';
import { loggedInAs, ok, server } from '../test/server';

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));
const SLOW = { timeout: 5000 };

beforeEach(() => {
  document.title = 'Campus Portal';
});

describe('the tab names the page', () => {
  it('a list page, by its heading', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.courses.byTitle, () => ok({ listofcourses: [], nextCursor: null })));
    renderApp('/all-courses');
    await screen.findByRole('heading', { name: 'All Courses', level: 1 }, SLOW);
    await waitFor(() => expect(document.title).toBe('All Courses · Campus Portal'));
  });

  it('a course page, by the course title', async () => {
    loggedInAs(aStudent());
    const course = aCourse();
    server.use(http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Grace Hopper' })));
    renderApp(`/course/${course._id}`);
    await screen.findByRole('heading', { name: 'Fluid Mechanics', level: 1 }, SLOW);
    await waitFor(() => expect(document.title).toBe('Fluid Mechanics · Campus Portal'));
  });

  it('a form page, by its title', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' }, SLOW);
    await waitFor(() => expect(document.title).toBe('Log in · Campus Portal'));
  });
});

describe('focus after navigation', () => {
  it('is left alone on the first page load', async () => {
    loggedInAs(aStudent());
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' }, SLOW);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.body).toHaveFocus();
  });

  it('moves to the new page’s heading after choosing a link in the menu', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.notifications.list, () => ok({ readnotifications: [], unreadnotifications: [], notifications: [] })));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' }, SLOW);
    await userEvent.click(nav().getByRole('link', { name: 'Notifications' }));
    const heading = await screen.findByRole('heading', { name: 'Notifications', level: 1 }, SLOW);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('moves to the heading of a page that loads its data first, even after a dropdown menu gives focus back to its button', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.events.all, () => ok({ listofevents: [] })));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' }, SLOW);
    await userEvent.click(nav().getByRole('button', { name: /Events/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'All Events' }));
    const heading = await screen.findByRole('heading', { name: 'All Events', level: 1 }, SLOW);
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
