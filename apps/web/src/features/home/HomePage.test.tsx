import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent, theExamOffice } from '../../test/fixtures';
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

  it('asks a student without a photo for one before the first exam; not one with a photo, nor staff', async () => {
    loggedInAs(aStudent({ avatar: '' }));
    const { unmount } = renderApp('/');
    const card = within(await screen.findByRole('region', { name: 'Add your photo before your first exam' }));
    expect(card.getByRole('link', { name: 'Add your photo' })).toHaveAttribute('href', '/update-avatar');
    unmount();
    for (const user of [aStudent({ avatar: '/files/5f0c7d1e-0000-4000-8000-0000000000aa' }), aProfessor({ avatar: '' })]) {
      loggedInAs(user);
      const again = renderApp('/');
      expect(await screen.findByRole('heading', { name: `Hello, ${user.fullname}` })).toBeInTheDocument();
      // The stored viewer of the first paint is the previous one's: the card goes once current-user answers.
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Add your photo before your first exam' })).toBeNull());
      again.unmount();
    }
  });

  it("shows the exam office the students with an exam coming and no photo, soonest first", async () => {
    loggedInAs(theExamOffice());
    server.use(
      http.get(paths.documents.withoutPhoto, () =>
        ok({ students: [{ _id: 's1', fullname: 'Meera Roster', registrationId: 211070301, email: 'm@campus.test', semester: 3, branch: 'Civil Engineering', nextExam: '2099-12-03' }] }),
      ),
    );
    renderApp('/');
    const card = await section('Students without a photo');
    expect(await card.findByText(/One student with an exam coming has no photo on record/)).toBeInTheDocument();
    expect(card.getByText('Meera Roster', { exact: false })).toHaveTextContent('Meera Roster (211070301)');
    expect(card.getByText(/first exam/)).toHaveTextContent('first exam Thu, 3 Dec 2099');
  });

  it('says so when there are no events', async () => {
    loggedInAs(aProfessor());
    renderApp('/');
    expect(await (await section("Today's events")).findByRole('heading', { name: 'No Events Happening Today' })).toBeInTheDocument();
    expect(await (await section('Other events')).findByRole('heading', { name: 'No Events Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
