import { pages } from '@campus/contract/pages';
import type { NotificationItem } from '@campus/contract/notifications';
import { paths } from '@campus/contract/paths';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/event-source';
import { aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aCourse } from '../courses/test-data';

const item = (id: string, content: string, link?: string): NotificationItem => ({
  notificationid: `00000000-0000-4000-8000-00000000000${id}`,
  content,
  date: '2026-11-20T10:00:00.000Z',
  ...(link ? { link } : {}),
});

const lists = (unread: NotificationItem[], read: NotificationItem[]) => ({ unreadnotifications: unread, readnotifications: read, notifications: [...unread, ...read] });

/**
 * Serves the unread count and the list from `unread()`, counting the requests for each: the
 * bell polls the count (`counted`) and must never fetch the list (`listed`).
 */
function countedList(unread: () => NotificationItem[]) {
  const counter = { asked: 0, listed: 0 };
  server.use(
    http.get(paths.notifications.unreadCount, () => {
      counter.asked += 1;
      return ok({ unread: unread().length });
    }),
    http.get(paths.notifications.list, () => {
      counter.listed += 1;
      return ok(lists(unread(), []));
    }),
  );
  return counter;
}

describe('the bell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the live count from the stream, and the new count with each notification', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    loggedInAs(aStudent());
    renderApp('/');
    await waitFor(() => expect(FakeEventSource.last?.url).toBe(paths.notifications.stream));
    const stream = FakeEventSource.last!;
    act(() => {
      stream.emit('open');
      stream.emit('unread', { unread: 2 });
    });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    act(() => stream.emit('notification', { notification: item('1', 'New course'), unread: 3 }));
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveTextContent('3');
  });

  it('while the stream works, the bell asks nothing; when it drops, it polls the count (never the list) until the stream is back', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    loggedInAs(aStudent());
    const list = countedList(() => [item('1', 'one'), item('2', 'two'), item('3', 'three'), item('4', 'four')]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/');
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const stream = FakeEventSource.last!;
    act(() => {
      stream.emit('open');
      stream.emit('unread', { unread: 2 });
    });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    expect(list.asked).toBe(0);

    // Dropped: the count is polled (the list has 4 unread by now) ...
    act(() => stream.emit('error'));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    const whileDown = list.asked;
    expect(whileDown).toBeGreaterThan(0);
    // ... until the browser has reconnected it and the server, having joined it, sends the count.
    act(() => stream.emit('open'));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(list.asked).toBeGreaterThan(whileDown);
    const beforeJoined = list.asked;
    expect(screen.getByRole('link', { name: 'Notifications, 4 unread' })).toHaveAttribute('data-live', 'false');
    act(() => stream.emit('unread', { unread: 4 }));
    expect(screen.getByRole('link', { name: 'Notifications, 4 unread' })).toHaveAttribute('data-live', 'true');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(list.asked).toBe(beforeJoined);
    expect(list.listed).toBe(0);
  });

  it('holds its stream only while the tab is visible, and takes the count anew when it is back', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    loggedInAs(aStudent());
    const list = countedList(() => [item('1', 'one')]);
    const setVisibility = (state: 'visible' | 'hidden') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };
    try {
      renderApp('/');
      await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
      const first = FakeEventSource.last!;
      act(() => {
        first.emit('open');
        first.emit('unread', { unread: 1 });
      });
      const opened = FakeEventSource.opened;
      setVisibility('hidden');
      expect(first.closed).toBe(true);
      setVisibility('visible');
      await waitFor(() => expect(FakeEventSource.opened).toBe(opened + 1));
      const second = FakeEventSource.last!;
      expect(second).not.toBe(first);
      act(() => {
        second.emit('open');
        second.emit('unread', { unread: 5 });
      });
      expect(await screen.findByRole('link', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
      // Hidden and back is not a dropped stream: nothing was polled meanwhile.
      expect(list.asked).toBe(0);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('a stream that neither opens nor fails within 5 s counts as down: the bell polls', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    loggedInAs(aStudent());
    const list = countedList(() => [item('1', 'one')]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/');
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(list.asked).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(list.asked).toBe(1);
  });

  it('a notification refreshes what is on screen: a marksheet uploaded meanwhile shows View without a reload', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const student = aStudent({ semester: 4 });
    loggedInAs(student);
    let uploaded = false;
    const sheet = { _id: 'm3', semester: 3, marksheet: '/files/sheet-3', owner: student._id, createdAt: '2026-11-20T10:00:00.000Z' };
    server.use(
      http.get(paths.applications.semestersApplied, () => ok({ listofsemesterapplied: [3] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: uploaded ? [sheet] : [] })),
    );
    renderApp('/marksheet');
    await screen.findByText('Applied');
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    uploaded = true;
    act(() => FakeEventSource.last!.emit('notification', { notification: item('1', 'Your marksheet of semester 3 is uploaded', '/marksheet'), unread: 1 }));
    expect(await screen.findByRole('link', { name: 'View the marksheet of semester 3' })).toHaveAttribute('href', pages.view('/files/sheet-3', 'Marksheet – semester 3'));
    expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('a stream the server ends because the session has (a deactivation, a logout elsewhere) logs the tab out at once', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    loggedInAs(aStudent());
    let ended = false;
    server.use(http.get(paths.notifications.unreadCount, () => (ended ? fail('login_required') : ok({ unread: 0 }))));
    const { where } = renderApp(pages.updateAccount);
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const stream = FakeEventSource.last!;
    act(() => {
      stream.emit('open');
      stream.emit('unread', { unread: 0 });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    ended = true;
    // No timers advanced: not the next poll, the drop itself leads to the login page.
    act(() => stream.emit('error'));
    await waitFor(() => expect(where.pathname).toBe(pages.login));
  });

  it('closes the stream when the user logs out', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    loggedInAs(aStudent());
    server.use(http.post(paths.users.logout, () => ok({}, 'logged out')));
    renderApp('/');
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const stream = FakeEventSource.last!;
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(stream.closed).toBe(true));
  });

  it('without a stream, polls every 10 s, one request at a time', async () => {
    vi.stubGlobal('EventSource', undefined);
    let unread = [item('1', 'one')];
    loggedInAs(aStudent());
    const list = countedList(() => unread);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const afterFirst = list.asked;
    unread = [item('2', 'two'), item('1', 'one')];
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(list.asked).toBe(afterFirst + 1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(list.asked).toBe(afterFirst + 2);
    expect(list.listed).toBe(0);
  });
});

describe('/all-notifications', () => {
  beforeEach(() => vi.stubGlobal('EventSource', undefined));
  afterEach(() => vi.unstubAllGlobals());

  it('a list that fails to load says why and offers Retry, which asks again', async () => {
    let fails = true;
    loggedInAs(aStudent());
    server.use(http.get(paths.notifications.list, () => (fails ? fail('not_allowed') : ok(lists([item('1', 'New course "Optics"')], [])))));
    renderApp('/all-notifications');
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot do that with your account.');
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /New course "Optics"/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "No Notifications" when there are none', async () => {
    loggedInAs(aStudent());
    renderApp('/all-notifications');
    expect(await screen.findByText('No Notifications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('lists unread ones as buttons and read ones framed; clicking one marks it read and follows its link', async () => {
    const course = item('1', 'New course "Optics"', '/course/7c0a0000-0000-4000-8000-000000000001');
    const old = item('2', 'You were removed from "Signals"');
    let marked: string | null = null;
    loggedInAs(aStudent());
    server.use(
      http.get(paths.notifications.list, () => ok(marked ? lists([], [course, old]) : lists([course], [old]))),
      http.patch(paths.notifications.read(course.notificationid), () => {
        marked = course.notificationid;
        return ok({}, 'notification marked as read');
      }),
      http.get(paths.courses.get('7c0a0000-0000-4000-8000-000000000001'), () => new Promise(() => {})),
    );
    const { where } = renderApp('/all-notifications');
    const main = within(await screen.findByRole('main'));
    const unread = await main.findByRole('button', { name: /New course "Optics"/ });
    expect(main.getByText('You were removed from "Signals"').closest('li')).toHaveClass('border');
    expect(main.queryByRole('button', { name: /Signals/ })).toBeNull();
    await userEvent.click(unread);
    await waitFor(() => expect(where.pathname).toBe('/course/7c0a0000-0000-4000-8000-000000000001'));
    await waitFor(() => expect(marked).toBe(course.notificationid));
  });

  it('a notification of new notes opens its course at the Notes tab, the notes listed', async () => {
    const course = aCourse();
    const notes = item('3', 'Prof. Asha Rao added notes "Week 3" to "Optics"', `/course/${course._id}/notes`);
    loggedInAs(aStudent());
    server.use(
      http.get(paths.notifications.list, () => ok(lists([notes], []))),
      http.patch(paths.notifications.read(notes.notificationid), () => ok({}, 'notification marked as read')),
      http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Asha Rao' })),
      http.get(paths.courses.students(course._id), () => ok({ studentsofcourse: [], students: [] })),
      http.get(paths.notes.ofCourse(course._id), () => ok({ notesofcourse: [] })),
    );
    const { where } = renderApp('/all-notifications');
    await userEvent.click(await screen.findByRole('button', { name: /added notes "Week 3"/ }));
    await waitFor(() => expect(where.pathname).toBe(`/course/${course._id}/notes`));
    expect(await screen.findByRole('tab', { name: 'Notes', selected: true }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('"Mark all as read" marks every one read', async () => {
    let allRead = false;
    loggedInAs(aStudent());
    server.use(
      http.get(paths.notifications.list, () => ok(allRead ? lists([], [item('1', 'one'), item('2', 'two')]) : lists([item('1', 'one'), item('2', 'two')], []))),
      http.patch(paths.notifications.readAll, () => {
        allRead = true;
        return ok({}, 'all notifications marked as read');
      }),
    );
    renderApp('/all-notifications');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull());
    expect(screen.getByText('one').closest('li')).toHaveClass('border');
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });
});
