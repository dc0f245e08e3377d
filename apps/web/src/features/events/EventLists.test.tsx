import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aListing } from './test-data';

const expo = aListing();
const hackathon = aListing(
  { _id: 'e7e70000-0000-4000-8000-000000000002', title: 'Hackathon', date: '2026-12-31', time: '09:00', venue: 'Lab 4', thumbnail: '' },
  { fullname: 'Alan Turing', avatar: '' },
);

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;

describe('the event lists', () => {
  it.each([
    ['/events', paths.events.all, 'All Events', 'No Event Yet'],
    ['/today-events', paths.events.today, "Today's Events", 'No Events Happening Today'],
    ['/other-events', paths.events.other, 'Other Events', 'No Events Yet'],
    ['/my-events', paths.events.mine, 'My Events', 'No Events Hosted by you'],
  ])('%s lists its events as cards (GET %s), and its empty heading when there are none', async (route, path, title, empty) => {
    let list = [expo, hackathon];
    loggedInAs(aStudent());
    server.use(http.get(path, () => ok({ listofevents: list })));
    const view = renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Robotics Expo' })).toHaveAttribute('href', `/event/${expo.events._id}`);
    expect(screen.getByRole('link', { name: 'Hackathon' })).toHaveAttribute('href', `/event/${hackathon.events._id}`);

    view.unmount();
    list = [];
    renderApp(route);
    expect(await screen.findByRole('heading', { name: empty })).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('a card shows thumbnail, weekday, day and month, host, title, time and venue', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.events.all, () => ok({ listofevents: [expo, hackathon] })));
    renderApp('/events');
    await screen.findByRole('link', { name: 'Robotics Expo' });

    const expoCard = within(card('Robotics Expo'));
    expect(expoCard.getByRole('img', { name: 'Robotics Expo thumbnail' })).toHaveAttribute('src', '/files/expo-cover');
    expect(expoCard.getByRole('img', { name: "Grace Hopper's avatar" })).toHaveAttribute('src', aListing().avatar);
    expect(expoCard.getByText('Grace Hopper')).toBeInTheDocument();
    // 2026-03-01 is a Sunday.
    expect(card('Robotics Expo').querySelector('time')).toHaveTextContent('Sunday 1 Mar');
    expect(card('Robotics Expo').querySelector('time')).toHaveAttribute('datetime', '2026-03-01');
    expect(expoCard.getByText('18:30')).toBeInTheDocument();
    expect(expoCard.getByText('Main Hall')).toBeInTheDocument();

    const hackCard = within(card('Hackathon'));
    // No thumbnail: a placeholder, not a broken image; no avatar picture: initials.
    expect(hackCard.queryByRole('img', { name: /thumbnail/ })).toBeNull();
    expect(hackCard.getByRole('img', { name: "Alan Turing's avatar" })).toHaveTextContent('AT');
    expect(card('Hackathon').querySelector('time')).toHaveTextContent('Thursday 31 Dec');
  });

  it('an event hosted by someone else after the home page loaded is on Today when it is opened', async () => {
    let today: (typeof expo)[] = [];
    loggedInAs(aStudent());
    server.use(http.get(paths.events.today, () => ok({ listofevents: today })));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No Events Happening Today' })).toBeInTheDocument();

    today = [expo];
    await userEvent.click(await screen.findByRole('button', { name: /Events/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Today' }));
    expect(await screen.findByRole('link', { name: 'Robotics Expo' })).toBeInTheDocument();
  });

  it('shows a failed listing in red with Retry, which asks again', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.events.today, () => fail(403, 'you may not see these events')));
    renderApp('/today-events');
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not see these events.');
    server.use(http.get(paths.events.today, () => ok({ listofevents: [expo] })));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Robotics Expo' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a logged-out visitor to /login', async () => {
    const { where } = renderApp('/my-events');
    await waitFor(() => expect(where.pathname).toBe('/login'));
  });
});

describe('event dates never shift with the browser zone', () => {
  const zone = process.env.TZ;
  // Far west of UTC: a `new Date('2026-03-01')` here would read as Saturday 28 February.
  beforeAll(() => void (process.env.TZ = 'Pacific/Honolulu'));
  afterAll(() => void (process.env.TZ = zone));

  it('a card shows the day of its date, whatever zone the browser is in', async () => {
    expect(new Date('2026-03-01').getDate()).toBe(28); // the zone really is in effect
    loggedInAs(aStudent());
    server.use(http.get(paths.events.all, () => ok({ listofevents: [expo] })));
    renderApp('/events');
    await screen.findByRole('link', { name: 'Robotics Expo' });
    expect(card('Robotics Expo').querySelector('time')).toHaveTextContent('Sunday 1 Mar');
  });
});

describe('OtherEventsPage search', () => {
  it('searches by title once typing pauses (one request), and says "No Match Found" when nothing matches', async () => {
    const asked: string[] = [];
    loggedInAs(aStudent());
    server.use(
      http.get(paths.events.other, () => ok({ listofevents: [expo, hackathon] })),
      http.get(paths.events.byTitle, ({ request }) => {
        const title = new URL(request.url).searchParams.get('title') ?? '';
        asked.push(title);
        return ok({ listofevents: [expo, hackathon].filter((l) => l.events.title.toLowerCase().includes(title.toLowerCase())) });
      }),
    );
    renderApp('/other-events');
    await screen.findByRole('link', { name: 'Hackathon' });

    const box = screen.getByRole('searchbox', { name: 'Search events' });
    await userEvent.type(box, 'hack');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Robotics Expo' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Hackathon' })).toBeInTheDocument();
    // Debounced: one search for the whole word, not one per letter.
    expect(asked).toEqual(['hack']);

    await userEvent.clear(box);
    await userEvent.type(box, 'zzz');
    expect(await screen.findByRole('heading', { name: 'No Match Found' })).toBeInTheDocument();
    expect(asked).toEqual(['hack', 'zzz']);

    // Emptying the box goes back to the whole list, without a search.
    await userEvent.clear(box);
    expect(await screen.findByRole('link', { name: 'Robotics Expo' })).toBeInTheDocument();
    expect(asked).toEqual(['hack', 'zzz']);
  });

  it('a newer search replaces one still on its way: the old request is aborted', async () => {
    const signals = new Map<string, AbortSignal>();
    loggedInAs(aStudent());
    server.use(
      http.get(paths.events.other, () => ok({ listofevents: [expo, hackathon] })),
      http.get(paths.events.byTitle, async ({ request }) => {
        const title = new URL(request.url).searchParams.get('title') ?? '';
        signals.set(title, request.signal);
        if (title === 'robo') await new Promise(() => {}); // never answers
        return ok({ listofevents: [expo] });
      }),
    );
    renderApp('/other-events');
    await screen.findByRole('link', { name: 'Hackathon' });
    const box = screen.getByRole('searchbox', { name: 'Search events' });
    await userEvent.type(box, 'robo');
    await waitFor(() => expect(signals.has('robo')).toBe(true));
    await userEvent.type(box, 'tics');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Hackathon' })).toBeNull());
    expect(signals.get('robotics')?.aborted).toBe(false);
    expect(signals.get('robo')?.aborted).toBe(true);
  });
});
