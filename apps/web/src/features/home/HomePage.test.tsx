import { paths } from '@campus/contract/paths';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { loggedInAs, ok, server } from '../../test/server';
import { listings } from '../events/test-data';

// The dashboard's cards are lazy chunks of their own: on a busy machine they take more than a second.
// Meanwhile a card's loading frame is a busy region of the same name, which the
// card then replaces: find the card itself.
const section = async (name: string) => within(await screen.findByRole('region', { name, busy: false }, { timeout: 5000 }));

describe('HomePage', () => {
  it('welcomes a visitor with the logo and the way in, and asks for no events', async () => {
    let asked = false;
    server.use(
      http.get(paths.events.today, () => {
        asked = true;
        return ok({ listofevents: [] });
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Campus Portal' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Campus Portal logo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/student-signup');
    expect(screen.queryByRole('region', { name: "Today's events" })).toBeNull();
    expect(asked).toBe(false);
  });

  it("greets a logged-in user by full name, with the first three of today's and of other events and View All", async () => {
    loggedInAs(aProfessor());
    const all = listings(5);
    server.use(
      http.get(paths.events.today, () => ok({ listofevents: all.slice(0, 4) })),
      http.get(paths.events.other, () => ok({ listofevents: [all[4]] })),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Grace Hopper' })).toBeInTheDocument();

    const today = await section("Today's events");
    expect(await today.findByRole('link', { name: 'Event 1' })).toBeInTheDocument();
    expect(today.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Event 1', 'Event 2', 'Event 3']);
    expect(today.getByRole('link', { name: /^View All/ })).toHaveAttribute('href', '/today-events');

    const other = await section('Other events');
    expect(await other.findByRole('link', { name: 'Event 5' })).toBeInTheDocument();
    expect(other.getAllByRole('article')).toHaveLength(1);
    expect(other.getByRole('link', { name: /^View All/ })).toHaveAttribute('href', '/other-events');
  });

  it('says so when there are no events', async () => {
    loggedInAs(aProfessor());
    renderApp('/');
    expect(await (await section("Today's events")).findByRole('heading', { name: 'No Events Happening Today' })).toBeInTheDocument();
    expect(await (await section('Other events')).findByRole('heading', { name: 'No Events Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
