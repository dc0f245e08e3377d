import { MESSAGES } from '@campus/contract/constants';
import { paths } from '@campus/contract/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aConfig, aPng, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aListing, anEvent } from './test-data';

const created = anEvent({ _id: 'e7e70000-0000-4000-8000-0000000000aa', owner: aStudent()._id });

async function fillIn() {
  const main = within(await screen.findByRole('main'));
  await userEvent.type(await main.findByLabelText('Title'), 'Robotics Expo');
  await userEvent.type(main.getByLabelText('Description'), 'Line followers and drones.');
  fireEvent.change(main.getByLabelText('Date'), { target: { value: '2026-03-01' } });
  fireEvent.change(main.getByLabelText('Time'), { target: { value: '18:30' } });
  await userEvent.type(main.getByLabelText('Venue'), 'Main Hall');
  return main;
}

const drafting = (enabled: boolean) => server.use(http.get(paths.config, () => ok(aConfig({ draftingEnabled: enabled }))));

describe('AddEventPage', () => {
  it('names each wrong field (the contract messages) and sends nothing', async () => {
    let sent = false;
    loggedInAs(aStudent());
    server.use(
      http.post(paths.events.create, () => {
        sent = true;
        return ok({ event: created }, MESSAGES.eventCreated, 201);
      }),
    );
    renderApp('/add-event');
    const main = within(await screen.findByRole('main'));
    await userEvent.type(await main.findByLabelText('Instagram link'), 'instagram.com/robotics');
    await userEvent.click(main.getByRole('button', { name: 'Add Event' }));
    expect(await main.findByText('Enter a title.')).toBeInTheDocument();
    expect(main.getByText('Enter a description.')).toBeInTheDocument();
    expect(main.getByText('Enter a date.')).toBeInTheDocument();
    expect(main.getByText('Enter a time of day, like 14:30.')).toBeInTheDocument();
    expect(main.getByText('Enter the venue.')).toBeInTheDocument();
    expect(main.getByText('Paste the whole Instagram link, as your browser’s address bar shows it.')).toBeInTheDocument();
    expect(main.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(false);
  });

  it('refuses a thumbnail that is not png or jpeg, or over 5 MB', async () => {
    loggedInAs(aStudent());
    renderApp('/add-event');
    const main = await fillIn();
    await userEvent.upload(main.getByLabelText('Thumbnail'), new File(['gif'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    await userEvent.click(main.getByRole('button', { name: 'Add Event' }));
    expect(await main.findByText('Choose a picture that is a PNG or JPEG image.')).toBeInTheDocument();

    await userEvent.upload(main.getByLabelText('Thumbnail'), aPng('huge.png', 5 * 1024 * 1024 + 1));
    await userEvent.click(main.getByRole('button', { name: 'Add Event' }));
    expect(await main.findByText('Choose a picture of 5 MB or less.')).toBeInTheDocument();
  });

  it('sends the multipart fields with a progress bar, then opens the new event, which says "Event created."', async () => {
    let form: FormData | undefined;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    loggedInAs(aStudent());
    server.use(
      http.post(paths.events.create, async ({ request }) => {
        form = await request.formData();
        await answered;
        return ok({ event: created }, MESSAGES.eventCreated, 201);
      }),
      http.get(paths.events.get(created._id), () => ok({ listofevents: [aListing(created, { fullname: 'Ada Lovelace', avatar: '' })] })),
    );
    const { where } = renderApp('/add-event');
    const main = await fillIn();
    await userEvent.type(main.getByLabelText('Instagram link'), 'https://instagram.com/robotics');
    await userEvent.type(main.getByLabelText('Google form link'), 'https://forms.gle/abc');
    await userEvent.upload(main.getByLabelText('Thumbnail'), aPng('cover.png'));
    await userEvent.click(main.getByRole('button', { name: 'Add Event' }));

    expect(await main.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow');
    expect(main.getByRole('button', { name: 'Add Event' })).toBeDisabled();
    answer();

    await waitFor(() => expect(where.pathname).toBe(`/event/${created._id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Robotics Expo' })).toBeInTheDocument();
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Success');
    expect(banner).toHaveTextContent('Event created.');
    expect(Object.fromEntries([...form!.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file ${v.name}`]))).toEqual({
      title: 'Robotics Expo',
      description: 'Line followers and drones.',
      date: '2026-03-01',
      time: '18:30',
      venue: 'Main Hall',
      instagram: 'https://instagram.com/robotics',
      gform: 'https://forms.gle/abc',
      thumbnail: 'file cover.png',
    });

    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leaves out links and thumbnail that were not given', async () => {
    let fields: string[] = [];
    loggedInAs(aStudent());
    server.use(
      http.post(paths.events.create, async ({ request }) => {
        fields = [...(await request.formData()).keys()];
        return ok({ event: created }, MESSAGES.eventCreated, 201);
      }),
      http.get(paths.events.get(created._id), () => ok({ listofevents: [aListing(created, { fullname: 'Ada Lovelace', avatar: '' })] })),
    );
    renderApp('/add-event');
    const main = await fillIn();
    await userEvent.click(main.getByRole('button', { name: 'Add Event' }));
    await screen.findByRole('status');
    expect(fields.sort()).toEqual(['date', 'description', 'time', 'title', 'venue']);
  });

  it("shows the server's refusal in red and keeps the form", async () => {
    loggedInAs(aStudent());
    server.use(http.post(paths.events.create, () => fail('file_wrong_type', { field: 'thumbnail', params: { types: ['png', 'jpeg'], noun: 'image' } })));
    renderApp('/add-event');
    const main = await fillIn();
    await userEvent.click(main.getByRole('button', { name: 'Add Event' }));
    expect(await main.findByRole('alert')).toHaveTextContent('Choose a picture that is a PNG or JPEG image.');
    expect(main.getByRole('button', { name: 'Add Event' })).toBeEnabled();
    expect(main.getByLabelText('Title')).toHaveValue('Robotics Expo');
  });
});

describe('drafting the description', () => {
  it('is not offered at all when the server has no text generator', async () => {
    loggedInAs(aStudent());
    drafting(false);
    renderApp('/add-event');
    const main = within(await screen.findByRole('main'));
    await userEvent.type(await main.findByLabelText('Title'), 'Robotics Expo');
    expect(main.getByLabelText('Description')).toBeInTheDocument();
    expect(main.queryByRole('button', { name: 'Draft description with AI' })).toBeNull();
    expect(main.queryByText(/Drafting is not available/)).toBeNull();
  });

  it('waits for a title; while pending says so; the draft fills the description', async () => {
    let body: unknown;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    loggedInAs(aStudent());
    drafting(true);
    server.use(
      http.post(paths.events.draftDescription, async ({ request }) => {
        body = await request.json();
        await answered;
        return ok({ description: 'Build, race and show off your robots.\nPrizes for the best bots.' });
      }),
    );
    renderApp('/add-event');
    const main = within(await screen.findByRole('main'));
    const button = await main.findByRole('button', { name: 'Draft description with AI' });
    await waitFor(() => expect(button).toHaveAccessibleDescription(/Type a title first/));
    expect(button).toBeDisabled();

    await userEvent.type(main.getByLabelText('Title'), '  Robotics Expo ');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(await main.findByText('Loading your description')).toBeInTheDocument();
    expect(main.getByText(/might take up to 10 seconds/)).toBeInTheDocument();
    expect(button).toBeDisabled();
    answer();

    await waitFor(() => expect(main.getByLabelText('Description')).toHaveValue('Build, race and show off your robots.\nPrizes for the best bots.'));
    expect(main.queryByText('Loading your description')).toBeNull();
    expect(body).toEqual({ title: 'Robotics Expo' });
    expect(button).toBeEnabled();
  });

  it('a failed draft shows the fixed message and leaves the description as it was', async () => {
    loggedInAs(aStudent());
    drafting(true);
    server.use(http.post(paths.events.draftDescription, () => fail('drafting_timed_out')));
    renderApp('/add-event');
    const main = within(await screen.findByRole('main'));
    await userEvent.type(await main.findByLabelText('Title'), 'Robotics Expo');
    await userEvent.type(main.getByLabelText('Description'), 'My own words');
    await userEvent.click(main.getByRole('button', { name: 'Draft description with AI' }));
    expect(await main.findByRole('alert')).toHaveTextContent(MESSAGES.draftFailed);
    expect(main.getByRole('alert').textContent).toBe(MESSAGES.draftFailed);
    expect(main.getByLabelText('Description')).toHaveValue('My own words');
  });
});
