import type { NotificationItem } from '@campus/contract/notifications';
import { paths } from '@campus/contract/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/event-source';
import { aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { loggedInAs, ok, server } from '../../test/server';
import { TOAST_MS } from './NotificationToasts';

const COURSE = '7c0a0000-0000-4000-8000-000000000001';
const item = (n: number, content: string, link?: string): NotificationItem => ({
  notificationid: `00000000-0000-4000-8000-00000000000${n}`,
  content,
  date: '2026-11-20T10:00:00.000Z',
  ...(link ? { link } : {}),
});

/** Renders the app at `path` for a student and returns the open stream to push events through. */
async function liveAt(path: string) {
  loggedInAs(aStudent());
  const app = renderApp(path);
  await waitFor(() => expect(FakeEventSource.last?.url).toBe(paths.notifications.stream));
  const stream = FakeEventSource.last!;
  act(() => {
    stream.emit('open');
    stream.emit('unread', { unread: 0 });
  });
  const arrive = (n: NotificationItem, unread = 1) => act(() => stream.emit('notification', { notification: n, unread }));
  return { ...app, arrive };
}

const toasts = () => within(screen.getByTestId('notification-toasts'));

describe('the notification toast', () => {
  beforeEach(() => {
    FakeEventSource.last = null; // so each test waits for its own stream
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows a new notification in a polite live region, linking where it points, without taking focus', async () => {
    const { arrive } = await liveAt('/update-account');
    const before = document.activeElement;
    expect(screen.getByTestId('notification-toasts')).toHaveAttribute('aria-live', 'polite');
    // Not a status: role="status" is the app's "Success" banners'.
    expect(screen.queryByRole('status')).toBeNull();
    arrive(item(1, 'New course "Optics"', `/course/${COURSE}`));
    expect(await toasts().findByRole('link', { name: 'New course "Optics"' })).toHaveAttribute('href', `/course/${COURSE}`);
    expect(document.activeElement).toBe(before);
  });

  it('without a link it leads to the notifications page; following it reads the notification', async () => {
    let marked: string | null = null;
    server.use(
      http.patch(paths.notifications.read(item(2, '').notificationid), () => {
        marked = item(2, '').notificationid;
        return ok({}, 'notification marked as read');
      }),
    );
    const { arrive, where } = await liveAt('/update-account');
    arrive(item(2, 'You were removed from "Signals"'));
    const link = await toasts().findByRole('link', { name: 'You were removed from "Signals"' });
    expect(link).toHaveAttribute('href', '/all-notifications');
    await userEvent.click(link);
    await waitFor(() => expect(where.pathname).toBe('/all-notifications'));
    await waitFor(() => expect(marked).toBe(item(2, '').notificationid));
    expect(toasts().queryByRole('link')).toBeNull();
  });

  it('goes away by itself after a few seconds, but not while the pointer or focus is on it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { arrive } = await liveAt('/update-account');
    arrive(item(3, 'First'));
    const toast = (await toasts().findByRole('link', { name: 'First' })).closest('div.pointer-events-auto') as HTMLElement;
    fireEvent.pointerEnter(toast);
    await act(() => vi.advanceTimersByTimeAsync(TOAST_MS * 2));
    expect(toasts().getByRole('link', { name: 'First' })).toBeInTheDocument();
    fireEvent.pointerLeave(toast);
    toasts().getByRole('button', { name: 'Dismiss notification' }).focus();
    await act(() => vi.advanceTimersByTimeAsync(TOAST_MS * 2));
    expect(toasts().getByRole('link', { name: 'First' })).toBeInTheDocument();
    act(() => (document.activeElement as HTMLElement).blur());
    await act(() => vi.advanceTimersByTimeAsync(TOAST_MS + 100));
    expect(toasts().queryByRole('link', { name: 'First' })).toBeNull();
  });

  it('the dismiss button closes it at once', async () => {
    const { arrive } = await liveAt('/update-account');
    arrive(item(4, 'Second'));
    await userEvent.click(await toasts().findByRole('button', { name: 'Dismiss notification' }));
    expect(toasts().queryByRole('link', { name: 'Second' })).toBeNull();
  });

  it('is not shown on the notifications page itself', async () => {
    const { arrive } = await liveAt('/all-notifications');
    arrive(item(5, 'Third'));
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(toasts().queryByRole('link')).toBeNull();
  });
});
