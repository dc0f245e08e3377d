import type { NotificationPreferences } from '@campus/contract/notifications';
import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aConfig, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

/** The server's saved choices, answering GET and PATCH like the real one; `sent` keeps each PATCH body. */
function savedPreferences(initial: Partial<NotificationPreferences> = {}, { mailEnabled = true } = {}) {
  let saved: NotificationPreferences = { courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'immediate', coursework: 'inapp', ...initial };
  const sent: unknown[] = [];
  server.use(
    http.get(paths.config, () => ok(aConfig({ mailEnabled }))),
    http.get(paths.notifications.preferences, () => ok({ preferences: saved })),
    http.patch(paths.notifications.updatePreferences, async ({ request }) => {
      const body = (await request.json()) as Partial<NotificationPreferences>;
      sent.push(body);
      saved = { ...saved, ...body };
      return ok({ preferences: saved }, 'preferences saved');
    }),
  );
  return sent;
}

const group = async (name: string) => within(await screen.findByRole('group', { name }));

describe('/settings/notifications', () => {
  it('shows each kind\'s choice, and saves a change at once with a flash', async () => {
    loggedInAs(aStudent());
    const sent = savedPreferences({ courses: 'daily' });
    renderApp('/settings/notifications');
    expect(await screen.findByRole('heading', { name: 'Notification settings' })).toBeInTheDocument();
    const courses = await group('Courses');
    expect(courses.getByRole('radio', { name: 'A daily digest email' })).toBeChecked();
    const notes = await group('Notes');
    expect(notes.getByRole('radio', { name: 'In the portal only' })).toBeChecked();

    await userEvent.click(notes.getByRole('radio', { name: 'An email at once' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Notes: an email at once. Saved.');
    expect(sent).toEqual([{ notes: 'immediate' }]);
    expect(notes.getByRole('radio', { name: 'An email at once' })).toBeChecked();
    expect(courses.getByRole('radio', { name: 'A daily digest email' })).toBeChecked();
    expect(document.title).toBe('Notification settings · Campus Portal');
  });

  it('shows Exams, an email at once until the user chooses otherwise, and saves a change of it', async () => {
    loggedInAs(aStudent());
    const sent = savedPreferences();
    renderApp('/settings/notifications');
    const exams = await group('Exams');
    expect(screen.getByText('An exam date set, moved or removed in a course you joined.')).toBeInTheDocument();
    expect(exams.getByRole('radio', { name: 'An email at once' })).toBeChecked();
    await userEvent.click(exams.getByRole('radio', { name: 'A daily digest email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Exams: a daily digest email. Saved.');
    expect(sent).toEqual([{ exams: 'daily' }]);
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(['Courses', 'Notes', 'Marksheets', 'Exams', 'Coursework']);
  });

  it('two quick choices are saved one after the other, and both stay chosen', async () => {
    loggedInAs(aStudent());
    let saved: NotificationPreferences = { courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'immediate', coursework: 'inapp' };
    const order: string[] = [];
    server.use(
      http.get(paths.config, () => ok(aConfig({ mailEnabled: true }))),
      http.get(paths.notifications.preferences, () => ok({ preferences: saved })),
      http.patch(paths.notifications.updatePreferences, async ({ request }) => {
        const body = (await request.json()) as Partial<NotificationPreferences>;
        order.push(`start ${Object.keys(body).join()}`);
        // The first save is slow: the second must wait for it, not overtake it.
        if (body.notes) await new Promise((r) => setTimeout(r, 150));
        saved = { ...saved, ...body };
        order.push(`end ${Object.keys(body).join()}`);
        return ok({ preferences: saved });
      }),
    );
    renderApp('/settings/notifications');
    const notes = await group('Notes');
    const courses = await group('Courses');
    await userEvent.click(notes.getByRole('radio', { name: 'An email at once' }));
    await userEvent.click(courses.getByRole('radio', { name: 'A daily digest email' }));
    // Both show at once, before either is saved.
    expect(notes.getByRole('radio', { name: 'An email at once' })).toBeChecked();
    expect(courses.getByRole('radio', { name: 'A daily digest email' })).toBeChecked();
    expect(await screen.findByRole('status')).toHaveTextContent('Courses: a daily digest email. Saved.');
    expect(order).toEqual(['start notes', 'end notes', 'start courses', 'end courses']);
    expect(notes.getByRole('radio', { name: 'An email at once' })).toBeChecked();
    expect(courses.getByRole('radio', { name: 'A daily digest email' })).toBeChecked();
  });

  it('with mail off on the server, says so and offers only the portal', async () => {
    loggedInAs(aStudent());
    savedPreferences({ exams: 'inapp' }, { mailEnabled: false });
    renderApp('/settings/notifications');
    expect(await screen.findByRole('note')).toHaveTextContent('This portal does not send emails');
    for (const kind of ['Courses', 'Notes', 'Marksheets', 'Exams']) {
      const g = await group(kind);
      expect(g.getByRole('radio', { name: 'In the portal only' })).toBeEnabled();
      expect(g.getByRole('radio', { name: 'An email at once' })).toBeDisabled();
      expect(g.getByRole('radio', { name: 'A daily digest email' })).toBeDisabled();
    }
  });

  it('a refused save shows the server\'s reason and the saved choice again', async () => {
    loggedInAs(aStudent());
    savedPreferences();
    server.use(http.patch(paths.notifications.updatePreferences, () => fail('choice_invalid', { field: 'marksheets', params: { choices: ['inapp', 'immediate', 'daily'] } })));
    renderApp('/settings/notifications');
    const marksheets = await group('Marksheets');
    await userEvent.click(marksheets.getByRole('radio', { name: 'A daily digest email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose how news of marksheets reaches you.');
    await waitFor(() => expect(marksheets.getByRole('radio', { name: 'In the portal only' })).toBeChecked());
  });

  it('a failed load says why and offers Retry, which asks again', async () => {
    loggedInAs(aStudent());
    let fails = true;
    server.use(
      http.get(paths.notifications.preferences, () => (fails ? fail('not_allowed') : ok({ preferences: { courses: 'inapp', notes: 'daily', marksheets: 'inapp', exams: 'immediate', coursework: 'inapp' } }))),
    );
    renderApp('/settings/notifications');
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot do that with your account.');
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await group('Notes')).getByRole('radio', { name: 'A daily digest email' })).toBeChecked();
  });

  it('is linked from the profile', async () => {
    loggedInAs(aStudent());
    renderApp('/update-account');
    expect(await within(await screen.findByRole('main')).findByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/settings/notifications');
  });

  it('is linked from the notifications page', async () => {
    loggedInAs(aStudent());
    renderApp('/all-notifications');
    expect(await within(await screen.findByRole('main')).findByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/settings/notifications');
  });
});

describe('/unsubscribe (an email\'s link; no login)', () => {
  /** The server's answer to the page's first question, and the POSTs it received. */
  function linkStatus(answer: () => Response | Promise<Response>) {
    const checked: string[] = [];
    const posted: { url: string; body: unknown }[] = [];
    server.use(
      http.get(paths.notifications.unsubscribeStatus, ({ request }) => {
        checked.push(new URL(request.url).searchParams.get('token') ?? '');
        return answer();
      }),
      http.post(paths.notifications.unsubscribe, async ({ request }) => {
        posted.push({ url: request.url, body: await request.json() });
        return ok({ scope: 'notes' }, 'you will get no more emails about notes');
      }),
    );
    return { checked, posted };
  }

  it('checks the link, asks, then POSTs the link\'s token with the one-click body', async () => {
    const { checked, posted } = linkStatus(() => ok({ scope: 'notes', alreadyOff: false }));
    renderApp('/unsubscribe?token=Ab3_-short');
    expect(await screen.findByText('Stop emails about notes? These notifications will still appear in the portal.')).toBeInTheDocument();
    expect(checked).toEqual(['Ab3_-short']);
    expect(posted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You will get no more emails about notes.');
    expect(new URL(posted[0]!.url).searchParams.get('token')).toBe('Ab3_-short');
    expect(posted[0]!.body).toEqual({ 'List-Unsubscribe': 'One-Click' });
    expect(screen.getByRole('heading', { name: 'Unsubscribed' })).toBeInTheDocument();
  });

  it('says the digest for the digest\'s link', async () => {
    linkStatus(() => ok({ scope: 'digest', alreadyOff: false }));
    renderApp('/unsubscribe?token=abc');
    expect(await screen.findByText(/Stop the daily digest email\?/)).toBeInTheDocument();
  });

  it('a link already used (or the same choice made in Settings) says so, and asks nothing', async () => {
    const { posted } = linkStatus(() => ok({ scope: 'courses', alreadyOff: true }));
    renderApp('/unsubscribe?token=abc');
    expect(await screen.findByRole('heading', { name: 'Already unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(/You are already unsubscribed from emails about courses\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/notifications');
    expect(posted).toEqual([]);
  });

  it('a cut or forged link (the server says 400) is called broken, with the way that always works', async () => {
    const { posted } = linkStatus(() => fail('unsubscribe_invalid'));
    renderApp('/unsubscribe?token=0b6a4c1e-3f2d-4e8a-9b7c-5d1e2f3a4b5c.courses.bfe77c40');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is incomplete or broken — mail programs sometimes cut long links. You can change your email choices in Settings after logging in.',
    );
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/notifications');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.queryByText(/not valid/)).not.toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('without a token, says the link is broken without asking the server', async () => {
    const { checked } = linkStatus(() => ok({ scope: 'courses', alreadyOff: false }));
    renderApp('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete or broken');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/notifications');
    expect(checked).toEqual([]);
  });

  it('a refusal of the POST itself (the link stopped working meanwhile) also reads as a broken link', async () => {
    linkStatus(() => ok({ scope: 'courses', alreadyOff: false }));
    server.use(http.post(paths.notifications.unsubscribe, () => fail('unsubscribe_invalid')));
    renderApp('/unsubscribe?token=abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete or broken');
  });

  it('when the check cannot reach the server, says so with Retry, and Retry asks again', async () => {
    let down = true;
    const { checked } = linkStatus(() => (down ? HttpResponse.error() : ok({ scope: 'notes', alreadyOff: false })));
    renderApp('/unsubscribe?token=abc');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).not.toHaveTextContent('broken');
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Stop emails about notes\?/)).toBeInTheDocument();
    expect(checked.length).toBeGreaterThan(1);
  });
});
