import { paths } from '@campus/contract/paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

/** Login answers Ada; from then on current-user does too. */
function loginWorks() {
  server.use(
    http.post(paths.users.login, () => {
      loggedInAs(aStudent());
      return ok({ user: aStudent() }, 'logged in');
    }),
  );
}

async function logIn() {
  await userEvent.type(await screen.findByLabelText('Registration ID', {}, { timeout: 5000 }), '211070001');
  await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login returns to the page that asked for it', () => {
  it('a protected page sends a logged-out visitor to /login with its path and search; login returns there', async () => {
    loginWorks();
    const { where } = renderApp('/all-notifications?from=mail');
    // The first page of a file loads its lazy code cold: give it time on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Log in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(where.pathname).toBe('/login');
    expect(new URLSearchParams(where.search).get('next')).toBe('/all-notifications?from=mail');
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(where.pathname).toBe('/all-notifications');
    expect(where.search).toBe('?from=mail');
  });

  it('never leaves the site: an absolute next goes home', async () => {
    loginWorks();
    const { where } = renderApp(`/login?next=${encodeURIComponent('https://evil.example/')}`);
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
    expect(where.pathname).toBe('/');
  });
});

describe('logging out', () => {
  it('from a protected page lands on /login saying so, with no way back to that page; the next login goes home', async () => {
    server.use(http.post(paths.users.logout, () => ok({}, 'logged out')));
    loggedInAs(aStudent());
    const { where } = renderApp('/all-notifications');
    await screen.findByRole('heading', { name: 'Notifications' }, { timeout: 5000 });
    server.use(http.get(paths.users.currentUser, () => fail('login_required')));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You have logged out.');
    await waitFor(() => expect(where.pathname).toBe('/login'));
    expect(where.search).toBe('');

    loginWorks();
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
    expect(where.pathname).toBe('/');
  });
});
