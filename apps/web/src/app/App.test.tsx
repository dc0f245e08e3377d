import { CLIENT_ROUTES } from '@campus/contract/pages';
import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { restoreKeptUser, setUserStore } from '../features/auth/session';
import { SecureUserStore, type KeyStore } from '../lib/secure-store';
import { aStudent } from '../test/fixtures';
import { renderApp } from '../test/render';
import { fail, loggedInAs, ok, server } from '../test/server';
import { routes } from './routes';

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

function memoryStore() {
  let key: CryptoKey | undefined;
  const keys: KeyStore = { get: async () => key, set: async (k) => void (key = k) };
  return new SecureUserStore(keys, localStorage);
}

describe('loading the current user', () => {
  it('shows the header frame and a spinner, not the logged-out header, until the server answers', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(paths.users.currentUser, async () => {
        await answered;
        return ok(aStudent());
      }),
    );
    renderApp('/');
    expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Campus Portal');
    expect(screen.queryByRole('navigation')).toBeNull();
    answer();
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
  });

  it('paints the kept user at once; the server answer then replaces it', async () => {
    const store = memoryStore();
    await store.save(aStudent({ fullname: 'Ada (kept copy)' }));
    setUserStore(store);
    await restoreKeptUser();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(paths.users.currentUser, async () => {
        await answered;
        return ok(aStudent({ fullname: 'Ada King' }));
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada (kept copy)' })).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Hello, Ada King' })).toBeInTheDocument();
    await waitFor(async () => expect((await store.load())?.fullname).toBe('Ada King'));
  });

  it('a kept user the server no longer knows is dropped: logged out, and the copy cleared', async () => {
    const store = memoryStore();
    await store.save(aStudent());
    setUserStore(store);
    await restoreKeptUser();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Campus Portal' })).toBeInTheDocument();
    expect(nav().getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem('campus.user')).toBeNull();
  });

  it('when the server cannot be reached: not logged out (only a 401 does that), told why, offered a retry, and not asked in a loop', async () => {
    let asked = 0;
    server.use(
      http.get(paths.users.currentUser, () => {
        asked += 1;
        return fail('database_unavailable');
      }),
    );
    renderApp('/');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The portal cannot reach its data just now. Try again in a minute.');
    // Nobody is known, and nobody is known to be logged out: the header stays its frame.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toBe(2); // the first try and one retry, then nothing until asked
    loggedInAs(aStudent());
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a 401 from any call', () => {
  it('ends the session in the browser too: the user is forgotten and sent to log in', async () => {
    loggedInAs(aStudent());
    server.use(http.patch(paths.users.updateAccount, () => fail('session_expired')));
    const { where } = renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(where.pathname).toBe('/login'));
    expect(nav().getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });
});

describe('routes', () => {
  it('an unknown path shows the 404 page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('a path that is no page shows the 404 page to a logged-in user too', async () => {
    loggedInAs(aStudent());
    renderApp('/event');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('every route is one of the client routes the server answers with index.html', () => {
    const defined = routes.flatMap((r) => r.children ?? []).map((r) => r.path).filter((p) => p !== '*');
    expect(defined.length).toBeGreaterThan(0);
    for (const path of defined) expect(CLIENT_ROUTES).toContain(path);
  });

  it('every client route the server answers with index.html has a page', () => {
    const defined = new Set(routes.flatMap((r) => r.children ?? []).map((r) => r.path));
    expect(CLIENT_ROUTES.filter((path) => !defined.has(path))).toEqual([]);
  });
});

