import { MESSAGES } from '@campus/contract/constants';
import { paths } from '@campus/contract/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aPng, aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aListing, anEvent } from './test-data';

const id = anEvent()._id;
const hosted = aListing({ instagram: 'https://instagram.com/robotics', gform: 'https://forms.gle/abc' });

/** The event as the server answers it, `current()` at each ask (the edit changes it). */
function serveEvent(current: () => ReturnType<typeof aListing>) {
  server.use(http.get(paths.events.get(id), () => ok({ listofevents: [current()] })));
}

describe('Edit event', () => {
  it("the host opens Edit event from the event's page and finds the form filled in", async () => {
    loggedInAs(aProfessor());
    serveEvent(() => hosted);
    const { where } = renderApp(`/event/${id}`);
    await userEvent.click(await screen.findByRole('link', { name: 'Edit event' }));
    await waitFor(() => expect(where.pathname).toBe(`/event/${id}/edit`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(await main.findByLabelText('Title')).toHaveValue('Robotics Expo');
    expect(main.getByLabelText('Description')).toHaveValue('Line followers and drones.\nBring your own bot.');
    expect(main.getByLabelText('Date')).toHaveValue('2026-03-01');
    expect(main.getByLabelText('Time')).toHaveValue('18:30');
    expect(main.getByLabelText('Venue')).toHaveValue('Main Hall');
    expect(main.getByLabelText('Instagram link')).toHaveValue('https://instagram.com/robotics');
    expect(main.getByLabelText('Twitter link')).toHaveValue('');
    expect(main.getByLabelText('Google form link')).toHaveValue('https://forms.gle/abc');
    expect(main.getByText(/to replace the current one \(none keeps it\)/)).toBeInTheDocument();
  });

  it('saves the whole event with a new thumbnail (PATCH update-event), then shows the changed event with "Event updated."', async () => {
    let form: FormData | undefined;
    let current = hosted;
    loggedInAs(aProfessor());
    serveEvent(() => current);
    server.use(
      http.patch(paths.events.update(id), async ({ request }) => {
        form = await request.formData();
        current = aListing({ title: 'Robotics Expo 2', venue: 'Lab 4', instagram: '', gform: 'https://forms.gle/abc' });
        return ok({ event: current.events }, MESSAGES.eventUpdated);
      }),
    );
    const { where } = renderApp(`/event/${id}/edit`);
    const main = within(await screen.findByRole('main'));
    const title = await main.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Robotics Expo 2');
    await userEvent.clear(main.getByLabelText('Venue'));
    await userEvent.type(main.getByLabelText('Venue'), 'Lab 4');
    await userEvent.clear(main.getByLabelText('Instagram link'));
    await userEvent.upload(main.getByLabelText('Thumbnail'), aPng('new-cover.png'));
    await userEvent.click(main.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(where.pathname).toBe(`/event/${id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Robotics Expo 2' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Event updated.');
    expect(screen.getByText('Lab 4')).toBeInTheDocument();
    // Every field goes, as create-event takes them; the emptied link is left out (none).
    expect(Object.fromEntries([...form!.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file ${v.name}`]))).toEqual({
      title: 'Robotics Expo 2',
      // A form's text goes with CRLF line breaks (the HTML form encoding).
      description: 'Line followers and drones.\r\nBring your own bot.',
      date: '2026-03-01',
      time: '18:30',
      venue: 'Lab 4',
      gform: 'https://forms.gle/abc',
      thumbnail: 'file new-cover.png',
    });
  });

  it('names a wrong field before sending, and shows a refusal in red, keeping what was typed', async () => {
    let sent = 0;
    loggedInAs(aProfessor());
    serveEvent(() => hosted);
    server.use(
      http.patch(paths.events.update(id), () => {
        sent += 1;
        return fail('event_day_past');
      }),
    );
    renderApp(`/event/${id}/edit`);
    const main = within(await screen.findByRole('main'));
    await userEvent.clear(await main.findByLabelText('Venue'));
    await userEvent.click(main.getByRole('button', { name: 'Save changes' }));
    expect(await main.findByText('Enter the venue.')).toBeInTheDocument();
    expect(sent).toBe(0);

    await userEvent.type(main.getByLabelText('Venue'), 'Lab 4');
    fireEvent.change(main.getByLabelText('Date'), { target: { value: '2026-01-05' } });
    await userEvent.click(main.getByRole('button', { name: 'Save changes' }));
    expect(await main.findByRole('alert')).toHaveTextContent('That day has passed. Choose today or a later day.');
    expect(sent).toBe(1);
    expect(main.getByLabelText('Date')).toHaveValue('2026-01-05');
    expect(main.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('someone else sees no Edit event, and the edit address tells them it is not theirs', async () => {
    loggedInAs(aStudent());
    serveEvent(() => hosted);
    const view = renderApp(`/event/${id}`);
    await screen.findByRole('heading', { level: 1, name: 'Robotics Expo' });
    expect(screen.queryByRole('link', { name: 'Edit event' })).toBeNull();
    view.unmount();

    renderApp(`/event/${id}/edit`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not your event' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
