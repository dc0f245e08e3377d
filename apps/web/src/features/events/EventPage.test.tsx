import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aListing, anEvent } from './test-data';

const id = anEvent()._id;
const withLinks = aListing({
  instagram: 'https://instagram.com/robotics',
  twitter: '',
  linkedin: 'https://www.linkedin.com/company/robotics',
  gform: 'https://forms.gle/abc',
});

function serveEvent(answer: () => ReturnType<typeof aListing>) {
  let asked = 0;
  server.use(
    http.get(paths.events.get(id), () => {
      asked += 1;
      return ok({ listofevents: [answer()] });
    }),
  );
  return () => asked;
}

describe('EventPage', () => {
  it('shows the host with "Presents", the title, date, time, venue and description with its line breaks', async () => {
    loggedInAs(aStudent());
    serveEvent(() => aListing());
    renderApp(`/event/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Robotics Expo' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('img', { name: "Grace Hopper's avatar" })).toBeInTheDocument();
    expect(main.getByText('Grace Hopper').parentElement).toHaveTextContent('Grace Hopper Presents');
    expect(main.getByRole('img', { name: 'Robotics Expo thumbnail' })).toHaveAttribute('src', '/files/expo-cover');
    expect(main.getByText('Sun, 1 Mar 2026')).toHaveAttribute('datetime', '2026-03-01');
    expect(main.getByText('18:30')).toBeInTheDocument();
    expect(main.getByText('Main Hall')).toBeInTheDocument();
    const description = main.getByText(/Line followers and drones/);
    expect(description.textContent).toBe('Line followers and drones.\nBring your own bot.');
    expect(description).toHaveClass('whitespace-pre-line');
    // No links set: none shown. Not the host: no Delete.
    expect(main.queryByRole('list', { name: 'Links' })).toBeNull();
    expect(main.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('links only to what is set, in a new tab without an opener', async () => {
    loggedInAs(aStudent());
    serveEvent(() => withLinks);
    renderApp(`/event/${id}`);
    const links = within(await screen.findByRole('list', { name: 'Links' }));
    expect(links.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      'https://instagram.com/robotics',
      'https://www.linkedin.com/company/robotics',
      'https://forms.gle/abc',
    ]);
    for (const name of [/Instagram/, /LinkedIn/, /Form/]) {
      const link = links.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(links.queryByRole('link', { name: /Twitter/ })).toBeNull();
  });

  it('never renders a link that is not http(s)', async () => {
    loggedInAs(aStudent());
    serveEvent(() => aListing({ twitter: 'javascript:alert(1)' }));
    renderApp(`/event/${id}`);
    await screen.findByRole('heading', { level: 1, name: 'Robotics Expo' });
    expect(screen.queryByRole('link', { name: /Twitter/ })).toBeNull();
  });

  it('the host gets Delete; confirming deletes the event and goes to /my-events, which says "Event deleted.", without asking for it again', async () => {
    let deleted = false;
    loggedInAs(aProfessor());
    const asked = serveEvent(() => aListing());
    server.use(
      http.delete(paths.events.delete(id), () => {
        deleted = true;
        return ok({}, 'event deleted successfully');
      }),
      http.get(paths.events.mine, () => ok({ listofevents: deleted ? [] : [aListing()] })),
    );
    const { where } = renderApp(`/event/${id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this event ?' });

    // "No, cancel" closes it and deletes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: "Yes, I'm sure" }));
    await waitFor(() => expect(where.pathname).toBe('/my-events'));
    expect(deleted).toBe(true);
    expect(await screen.findByRole('heading', { name: 'No Events Hosted by you' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Event deleted.');
    expect(asked()).toBe(1);
  });

  it('a refused delete is shown in the dialog, which stays open', async () => {
    loggedInAs(aProfessor());
    serveEvent(() => aListing());
    server.use(http.delete(paths.events.delete(id), () => fail('event_host_only')));
    const { where } = renderApp(`/event/${id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: "Yes, I'm sure" }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Only the host of this event can delete it.');
    expect(where.pathname).toBe(`/event/${id}`);
  });

  it('another user sees no Delete', async () => {
    loggedInAs(aProfessor({ _id: '5f0c7d1e-0000-4000-8000-000000000099' }));
    serveEvent(() => aListing());
    renderApp(`/event/${id}`);
    await screen.findByRole('heading', { level: 1, name: 'Robotics Expo' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("says 'Event not found' for a 404, and shows other failures in red with Retry", async () => {
    loggedInAs(aStudent());
    server.use(
      http.get(paths.events.get('missing'), () => fail('event_not_found')),
      http.get(paths.events.get('refused'), () => fail('invalid_request')),
    );
    const view = renderApp('/event/missing');
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Events' })).toHaveAttribute('href', '/events');
    view.unmount();

    renderApp('/event/refused');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    server.use(http.get(paths.events.get('refused'), () => ok({ listofevents: [aListing()] })));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Robotics Expo' })).toBeInTheDocument();
  });
});
