import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
    server.use(http.get(paths.events.today, () => fail('not_allowed')));
    renderApp('/today-events');
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot do that with your account.');
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

describe('past events', () => {
  // Far from today either way, so the test does not age: two to come, three over.
  const soon = aListing({ _id: 'e7e70000-0000-4000-8000-000000000011', title: 'Soon', date: '2098-01-10', time: '09:00' });
  const later = aListing({ _id: 'e7e70000-0000-4000-8000-000000000012', title: 'Later', date: '2099-05-01', time: '09:00' });
  const lastYear = aListing({ _id: 'e7e70000-0000-4000-8000-000000000013', title: 'Last year', date: '2021-06-01', time: '10:00' });
  const longAgo = aListing({ _id: 'e7e70000-0000-4000-8000-000000000014', title: 'Long ago', date: '2020-01-01', time: '10:00' });
  const longAgoEvening = aListing({ _id: 'e7e70000-0000-4000-8000-000000000015', title: 'Long ago, evening', date: '2020-01-01', time: '19:00' });

  const titlesIn = (section: HTMLElement) => within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
  const section = (name: string) => screen.getByRole('region', { name });

  it.each([
    // all-events answers by date: the past ones come first and are turned latest first.
    ['/events', paths.events.all, [longAgo, longAgoEvening, lastYear, soon, later]],
    // other-events answers upcoming soonest first, then past latest first: kept as it is.
    ['/other-events', paths.events.other, [soon, later, lastYear, longAgoEvening, longAgo]],
  ])('%s: upcoming first, then "Past events", latest first, each card marked Past', async (route, path, answer) => {
    loggedInAs(aStudent());
    server.use(http.get(path, () => ok({ listofevents: answer })));
    renderApp(route);
    await screen.findByRole('link', { name: 'Soon' });
    expect(titlesIn(section('Upcoming events'))).toEqual(['Soon', 'Later']);
    expect(titlesIn(section('Past events'))).toEqual(['Last year', 'Long ago, evening', 'Long ago']);
    for (const title of ['Last year', 'Long ago, evening', 'Long ago']) expect(within(card(title)).getByText('Past')).toBeVisible();
    for (const title of ['Soon', 'Later']) expect(within(card(title)).queryByText('Past')).toBeNull();
    // Upcoming before past in the page's order too.
    expect(section('Upcoming events').compareDocumentPosition(section('Past events')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('with nothing past, one grid as before; with nothing to come, says so above the past ones', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.events.all, () => ok({ listofevents: [soon, later] })));
    const view = renderApp('/events');
    await screen.findByRole('link', { name: 'Soon' });
    expect(screen.queryByRole('heading', { name: 'Past events' })).toBeNull();
    expect(screen.queryByText('Past')).toBeNull();
    view.unmount();

    server.use(http.get(paths.events.all, () => ok({ listofevents: [longAgo] })));
    renderApp('/events');
    await screen.findByRole('link', { name: 'Long ago' });
    expect(within(section('Upcoming events')).getByText('No upcoming events.')).toBeInTheDocument();
    expect(titlesIn(section('Past events'))).toEqual(['Long ago']);
  });

  it("the home page's Other events marks the past ones that follow fewer than three to come", async () => {
    loggedInAs(aStudent());
    server.use(
      http.get(paths.events.today, () => ok({ listofevents: [] })),
      http.get(paths.events.other, () => ok({ listofevents: [soon, lastYear, longAgo] })),
    );
    renderApp('/');
    const others = await screen.findByRole('region', { name: 'Other events' });
    await within(others).findByRole('link', { name: 'Soon' });
    expect(within(card('Last year')).getByText('Past')).toBeVisible();
    expect(within(card('Long ago')).getByText('Past')).toBeVisible();
    expect(within(card('Soon')).queryByText('Past')).toBeNull();
  });

  it("today's events are not past, wherever the browser is: the campus's day decides", async () => {
    // 20:00 UTC on 23 November is already 24 November in Kolkata.
    vi.useFakeTimers({ now: new Date('2026-11-23T20:00:00Z'), toFake: ['Date'] });
    try {
      loggedInAs(aStudent());
      const on23 = aListing({ _id: 'e7e70000-0000-4000-8000-000000000021', title: 'On the 23rd', date: '2026-11-23' });
      const on24 = aListing({ _id: 'e7e70000-0000-4000-8000-000000000022', title: 'On the 24th', date: '2026-11-24' });
      server.use(http.get(paths.events.all, () => ok({ listofevents: [on23, on24] })));
      renderApp('/events');
      await screen.findByRole('link', { name: 'On the 24th' });
      expect(titlesIn(section('Upcoming events'))).toEqual(['On the 24th']);
      expect(titlesIn(section('Past events'))).toEqual(['On the 23rd']);
    } finally {
      vi.useRealTimers();
    }
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
