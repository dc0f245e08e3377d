import { paths } from '@campus/contract/paths';
import { refusal } from '@campus/contract/refusals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SecureUserStore, type KeyStore } from '../../lib/secure-store';
import { aConfig, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, refused, server } from '../../test/server';
import { restoreKeptUser, setUserStore } from './session';

/**
 * A session that ends without the person's logout is explained on the login page, from the 401's
 * `code` (decision 0034); only a 401 logs out: a network error or a 5xx leaves the header as it was.
 */
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

/** The 401 the server answers once a session was ended, with why (a deactivated account's code is a 401 here, not its login's 403). */
const ended = (code: 'account_deactivated' | 'session_ended' | 'session_expired' | 'login_required') => refused(refusal(code), 401);

function memoryStore() {
  let key: CryptoKey | undefined;
  const keys: KeyStore = { get: async () => key, set: async (k) => void (key = k) };
  return new SecureUserStore(keys, localStorage);
}

/** A student whose session ends at the next save of her profile, with this 401. */
async function saveProfileAnswering(answer: () => Response) {
  loggedInAs(aStudent());
  server.use(http.patch(paths.users.updateAccount, answer));
  const app = renderApp('/update-account');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  server.use(http.get(paths.users.currentUser, () => ended('login_required')));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(app.where.pathname).toBe('/login'));
  await screen.findByRole('heading', { name: 'Log in' });
  return app;
}

describe('a session ended by someone else', () => {
  it('deactivated: the login page says so and names the support contact', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ supportContact: 'helpdesk@campus.example' }))));
    await saveProfileAnswering(() => ended('account_deactivated'));
    expect(await screen.findByText('Your account has been deactivated. Contact helpdesk@campus.example.')).toHaveAttribute('role', 'status');
    expect(nav().getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('deactivated, with no contact set: whom to ask in general', async () => {
    await saveProfileAnswering(() => ended('account_deactivated'));
    expect(await screen.findByText('Your account has been deactivated. Ask the campus administration.')).toBeInTheDocument();
  });

  it('ended on another device or by a password change, or expired: said as such', async () => {
    const first = await saveProfileAnswering(() => ended('session_ended'));
    expect(await screen.findByText('Your session ended (you were signed out on another device or your password was changed). Please log in again.')).toBeInTheDocument();
    first.unmount();
    await saveProfileAnswering(() => ended('session_expired'));
    expect(await screen.findByText('Your session expired. Please log in again.')).toBeInTheDocument();
  });

  it('found ended when the page loads (current-user answers the 401 with its code): the login page says why', async () => {
    server.use(http.get(paths.users.currentUser, () => ended('account_deactivated')));
    const { where } = renderApp('/my-courses');
    await waitFor(() => expect(where.pathname).toBe('/login'));
    expect(await screen.findByText('Your account has been deactivated. Ask the campus administration.')).toBeInTheDocument();
  });

  it('a 401 without a code claims nothing', async () => {
    await saveProfileAnswering(() => ended('login_required'));
    expect(screen.queryByText(/deactivated|session ended|session expired/i)).toBeNull();
  });

  it('the message goes once someone logs in', async () => {
    const app = await saveProfileAnswering(() => ended('session_expired'));
    expect(await screen.findByText('Your session expired. Please log in again.')).toBeInTheDocument();
    server.use(http.post(paths.users.login, () => ok({ user: aStudent() })));
    loggedInAs(aStudent());
    await userEvent.type(screen.getByLabelText('Registration ID'), '211070001');
    await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.where.pathname).toBe('/update-account'));
    app.unmount();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.queryByText('Your session expired. Please log in again.')).toBeNull();
  });
});

describe('only a 401 logs out', () => {
  it.each([
    ['a 503', () => fail('database_unavailable')],
    ['a network error', () => HttpResponse.error()],
  ])('%s from current-user keeps the kept user in the header, says what failed, and Try again recovers', async (_, answer) => {
    const store = memoryStore();
    await store.save(aStudent());
    setUserStore(store);
    await restoreKeptUser();
    server.use(http.get(paths.users.currentUser, answer));
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav().queryByRole('link', { name: 'Login' })).toBeNull();
    // The kept copy stays for the next visit too: nothing said the session is gone.
    expect((await store.load())?.fullname).toBe('Ada Lovelace');
    loggedInAs(aStudent());
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('with no kept user, a 503 shows the header frame, neither logged in nor the logged-out links', async () => {
    server.use(http.get(paths.users.currentUser, () => fail('database_unavailable')));
    renderApp('/');
    await screen.findByRole('alert');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('banner')).toHaveTextContent('Campus Portal');
  });

  it('a 5xx from another call leaves the signed-in header as it is', async () => {
    loggedInAs(aStudent());
    server.use(http.patch(paths.users.updateAccount, () => fail('internal_error')));
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
