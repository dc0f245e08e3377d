import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aConfig, aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

/**
 * A student whose campus directory gave no semester or branch chooses them once, on /welcome,
 * before any other page, then goes on to where she was going. Staff never see it.
 */
const newcomer = aStudent({ semester: null, branch: null, managed: true });
const BRANCHES = ['Computer Engineering', 'Civil Engineering'] as const;

function serveChoice() {
  const sent: unknown[] = [];
  server.use(
    http.get(paths.config, () => ok(aConfig({ branches: [...BRANCHES] }))),
    http.patch(paths.users.updateAccount, async ({ request }) => {
      const body = (await request.json()) as { semester: number; branch: (typeof BRANCHES)[number] };
      sent.push(body);
      const user = aStudent({ ...newcomer, semester: body.semester, branch: body.branch });
      loggedInAs(user);
      return ok({ user }, 'account updated successfully');
    }),
  );
  return sent;
}

describe('the welcome page', () => {
  it('comes before any page, saves the choice, then goes on to where she was going', async () => {
    loggedInAs(newcomer);
    const sent = serveChoice();
    const { where, unmount } = renderApp('/my-courses?semester=3');
    expect(await screen.findByRole('heading', { name: 'Choose your semester and branch' })).toBeInTheDocument();
    expect(where.pathname).toBe('/welcome');
    expect(where.search).toBe(`?next=${encodeURIComponent('/my-courses?semester=3')}`);

    await userEvent.selectOptions(await screen.findByLabelText('Semester'), '5');
    await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Civil Engineering');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(where.pathname).toBe('/my-courses'));
    expect(where.search).toBe('?semester=3');
    expect(sent).toEqual([{ email: newcomer.email, fullname: newcomer.fullname, semester: 5, branch: 'Civil Engineering' }]);
    unmount();
    // The profile then shows them as the registrar's.
    renderApp('/update-account');
    expect(await screen.findByText(/^Civil Engineering/)).toHaveTextContent('Civil Engineering(Set by the registrar)');
  });

  it('offers the semesters and branches of /config, and asks for both before sending anything', async () => {
    loggedInAs(newcomer);
    const sent = serveChoice();
    renderApp('/');
    await screen.findByLabelText('Semester');
    const semesters = within(screen.getByLabelText('Semester')).getAllByRole('option').map((o) => o.textContent);
    expect(semesters).toEqual(['Choose…', '1', '2', '3', '4', '5', '6', '7', '8']);
    const branches = within(screen.getByLabelText('Branch')).getAllByRole('option').map((o) => o.textContent);
    expect(branches).toEqual(['Choose…', ...BRANCHES]);
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Choose your semester.')).toBeInTheDocument();
    expect(screen.getByText('Choose your branch.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks only what the directory did not give', async () => {
    loggedInAs({ ...newcomer, semester: 4 });
    const sent = serveChoice();
    const { where } = renderApp('/');
    expect(await screen.findByLabelText('Semester')).toHaveValue('4');
    await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Computer Engineering');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(where.pathname).toBe('/'));
    expect(sent).toEqual([expect.objectContaining({ semester: 4, branch: 'Computer Engineering' })]);
  });

  it("says the server's refusal and stays", async () => {
    loggedInAs(newcomer);
    serveChoice();
    server.use(http.patch(paths.users.updateAccount, () => fail('set_by_registrar', { field: 'semester' })));
    const { where } = renderApp('/');
    await userEvent.selectOptions(await screen.findByLabelText('Semester'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Computer Engineering');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(where.pathname).toBe('/welcome');
  });

  it('professors with neither, and students with both, never see it; opened anyway, it goes on', async () => {
    loggedInAs(aProfessor({ semester: null, branch: null, managed: true }));
    const first = renderApp('/my-courses');
    expect(await screen.findByRole('heading', { name: 'My Courses' })).toBeInTheDocument();
    expect(first.where.pathname).toBe('/my-courses');
    first.unmount();

    loggedInAs(aStudent());
    const second = renderApp('/welcome?next=%2Fmy-courses');
    await waitFor(() => expect(second.where.pathname).toBe('/my-courses'));
    expect(screen.queryByRole('heading', { name: 'Choose your semester and branch' })).toBeNull();
  });

  it('a professor with no semester or branch sees "—" on the profile', async () => {
    loggedInAs(aProfessor({ semester: null, branch: null, managed: true }));
    renderApp('/update-account');
    expect(await screen.findAllByText('—')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const kept = await screen.findByRole('region', { name: 'Set by the registrar' });
    expect(within(kept).getAllByText('—')).toHaveLength(2);
  });
});
