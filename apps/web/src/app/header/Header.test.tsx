import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aConfig, aProfessor, aStudent, theExamOffice } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));
const navLabels = () => nav().getAllByRole('link').map((l) => l.getAttribute('aria-label') ?? l.textContent);

/** Renders home and waits until the header shows the given user (or the logged-out links). */
async function headerFor(user: unknown | null) {
  if (user) loggedInAs(user);
  const app = renderApp('/');
  const main = await screen.findByRole('navigation', { name: 'Main' });
  await (user ? screen.findByRole('button', { name: 'Logout' }) : within(main).findByRole('link', { name: 'Login' }));
  return app;
}

describe('Header visibility (docs/product.md#header)', () => {
  it('logged out: Home, Login, Signup and Professor Signup; the avatar leads to /login; no Logout or bell', async () => {
    await headerFor(null);
    expect(navLabels()).toEqual(['Home', 'Login', 'Signup', 'Professor Signup']);
    expect(nav().getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/student-signup');
    expect(screen.getByRole('img', { name: 'Guest avatar' }).closest('a')).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Notifications' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Events/ })).toBeNull();
  });

  it('logged out with signup closed: Home and Login only', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ signupOpen: false }))));
    await headerFor(null);
    await waitFor(() => expect(navLabels()).toEqual(['Home', 'Login']));
  });

  it('a student: courses, Admit Card, Marksheet, the bell; no Add Course; the badge says Student', async () => {
    await headerFor(aStudent());
    expect(navLabels()).toEqual(['Home', 'Courses', 'My Courses', 'Admit Card', 'Marksheet', 'My marks', 'Notifications']);
    expect(nav().getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/all-courses');
    expect(nav().getByRole('link', { name: 'Admit Card' })).toHaveAttribute('href', '/hallticket');
    const badge = await screen.findByRole('button', { name: /Ada Lovelace/ });
    expect(badge).toHaveTextContent('Student');
    expect(badge).toHaveTextContent('Ada Lovelace');
    expect(badge).toHaveTextContent('211070001');
  });

  it('a professor: courses and Add Course; no Admit Card or Marksheet; the badge says Professor', async () => {
    await headerFor(aProfessor());
    expect(navLabels()).toEqual(['Home', 'Courses', 'My Courses', 'Add Course', 'Notifications']);
    expect(nav().getByRole('link', { name: 'Add Course' })).toHaveAttribute('href', '/add-course');
    expect(await screen.findByRole('button', { name: /Grace Hopper/ })).toHaveTextContent('Professor');
  });

  it('the exam office: no course items, and Applications; the badge says Exam Office, not Professor', async () => {
    await headerFor(theExamOffice());
    expect(navLabels()).toEqual(['Home', 'Applications', 'Notifications']);
    expect(nav().getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/applications');
    const badge = await screen.findByRole('button', { name: /Exam Office/ });
    expect(badge).not.toHaveTextContent('Professor');
  });

  it("the server's flag alone names the exam office: holding the configured registration id does not", async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ examOfficeRegistrationId: 211070100 }))));
    await headerFor(aProfessor({ registrationId: 211070100, isExamOffice: false }));
    // The home page's "My courses" waits for /config (and is not the office's): by then the old rule would have applied.
    await screen.findByRole('heading', { name: 'My courses' });
    expect(screen.getByRole('button', { name: /Grace Hopper/ })).toHaveTextContent('Professor');
    expect(navLabels()).toEqual(['Home', 'Courses', 'My Courses', 'Add Course', 'Notifications']);
  });

  it('the bell links to the notifications without inventing a count', async () => {
    await headerFor(aStudent());
    const bell = nav().getByRole('link', { name: 'Notifications' });
    expect(bell).toHaveAttribute('href', '/all-notifications');
    expect(bell.textContent).not.toMatch(/\d/);
  });

  it('the Events dropdown offers the five event pages and the calendar feed', async () => {
    await headerFor(aStudent());
    await userEvent.click(await nav().findByRole('button', { name: /Events/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['My Events', '/my-events'],
      ['All Events', '/events'],
      ['Today', '/today-events'],
      ['Other Events', '/other-events'],
      ['Add Event', '/add-event'],
      ['Calendar feed', '/calendar'],
    ]);
  });

  it('the Events dropdown opens from the keyboard too, and gives focus back to its button', async () => {
    await headerFor(aStudent());
    nav().getByRole('button', { name: /Events/ }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menu')).toContainElement(document.activeElement as HTMLElement));
    expect(screen.getAllByRole('menuitem')).toHaveLength(6);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(nav().getByRole('button', { name: /Events/ })).toHaveFocus();
  });

  it('the Events menu follows the menu-button pattern: Space and ArrowDown open it on its first item, arrows move, Tab closes it and moves on', async () => {
    await headerFor(aStudent());
    // The stand-in button, then Radix's trigger in its place once the menu's code is here.
    const button = () => nav().getByRole('button', { name: /Events/ });
    button().focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getAllByRole('menuitem')[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('menuitem')[1]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(button()).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(screen.getAllByRole('menuitem')[0]).toHaveFocus());
    // What Tab reaches from the button itself when the menu is closed.
    const after = [...document.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => !el.closest('[role="menu"]'));
    const expected = after[after.indexOf(button()) + 1];
    await userEvent.keyboard('{Tab}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(expected).toBeDefined();
    expect(expected).toHaveFocus();
    // Shift+Tab from an open menu goes back to its button.
    button().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menu')).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(button()).toHaveFocus();
  });

  it('on a phone, Events opens in place inside the Menu, above the user badge rather than over it', async () => {
    // 390 px wide: narrower than the header's one-row layout (md, 768 px).
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    try {
      await headerFor(aStudent());
      await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
      const events = nav().getByRole('button', { name: /Events/ });
      expect(events).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(events);
      expect(events).toHaveAttribute('aria-expanded', 'true');
      // No floating menu to cover anything: links in the page's flow, before the account area.
      expect(screen.queryByRole('menu')).toBeNull();
      const list = nav().getByRole('list', { name: 'Events' });
      expect(within(list).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/my-events', '/events', '/today-events', '/other-events', '/add-event', '/calendar']);
      const badge = screen.getByRole('button', { name: /Ada Lovelace/ });
      expect(list.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      // Choosing one closes the Menu, as every link there does.
      await userEvent.click(within(list).getByRole('link', { name: 'All Events' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the badge opens Profile and Change password; the avatar leads to /update-avatar', async () => {
    await headerFor(aStudent());
    expect(screen.getByRole('img', { name: "Ada Lovelace's avatar" }).closest('a')).toHaveAttribute('href', '/update-avatar');
    await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/update-account');
    expect(screen.getByRole('menuitem', { name: 'Change password' })).toHaveAttribute('href', '/change-password');
  });
});

describe('Logout', () => {
  it('posts logout, forgets the user and their data, and lands on /login saying so', async () => {
    let loggedOut = false;
    server.use(
      http.post(paths.users.logout, () => {
        loggedOut = true;
        return ok({}, 'logged out');
      }),
    );
    loggedInAs(aStudent());
    const { client, where } = renderApp('/update-account');
    client.setQueryData(['some-course-list'], ['private']);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await nav().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(loggedOut).toBe(true);
    // The router navigates in a transition, which may render after the header's logged-out links.
    await waitFor(() => expect(where.pathname).toBe('/login'));
    expect(await screen.findByRole('status')).toHaveTextContent('You have logged out.');
    expect(client.getQueryData(['some-course-list'])).toBeUndefined();
  });

  it('stays logged in and says why when the server could not log out', async () => {
    server.use(http.post(paths.users.logout, () => fail('internal_error')));
    loggedInAs(aStudent());
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });
});

describe('Small screens', () => {
  /** Whether an ancestor (up to the header) is display:none on a phone: Tailwind's bare `hidden`. */
  const foldedOnPhone = (el: HTMLElement) => {
    for (let e: HTMLElement | null = el; e && e.tagName !== 'HEADER'; e = e.parentElement) if (e.classList.contains('hidden')) return true;
    return false;
  };

  it('the Menu button toggles the links and says whether they are shown', async () => {
    await headerFor(null);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const folded = nav().getByRole('link', { name: 'Login' });
    expect(foldedOnPhone(folded)).toBe(true);
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(foldedOnPhone(folded)).toBe(false);
    for (const id of menu.getAttribute('aria-controls')!.split(' ')) expect(document.getElementById(id)).not.toHaveClass('hidden');
  });

  it('the bell and its unread count stay in the header bar, outside the folded menu', async () => {
    server.use(http.get(paths.notifications.unreadCount, () => ok({ unread: 3 })));
    vi.stubGlobal('EventSource', undefined); // polled, so the count comes from unread-count
    try {
      await headerFor(aStudent());
      const bell = await nav().findByRole('link', { name: 'Notifications, 3 unread' });
      expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
      expect(foldedOnPhone(bell)).toBe(false);
      expect(within(bell).getByTestId('unread-count')).toHaveTextContent('3');
      for (const id of screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-controls')!.split(' ')) {
        expect(document.getElementById(id)).not.toContainElement(bell);
      }
      // The links themselves are folded until Menu is pressed.
      expect(foldedOnPhone(nav().getByRole('link', { name: 'Courses' }))).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
