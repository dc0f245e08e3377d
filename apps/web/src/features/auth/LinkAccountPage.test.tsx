import { pages } from '@campus/contract/pages';
import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aStudent, campusAccount } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, ok, server } from '../../test/server';

/** A campus sign-in waits in this browser for the password of the account with registration id 211070001. */
const pending = () => server.use(http.get(paths.auth.pendingLink, () => ok({ registrationId: 211070001, provider: campusAccount })));

async function openLink() {
  const app = renderApp(pages.linkAccount);
  await screen.findByText(/matches registration ID 211070001/);
  return app;
}

describe('LinkAccountPage', () => {
  it('says which account the campus account matched, takes its password once, and goes on signed in with the campus account', async () => {
    pending();
    let body: unknown;
    server.use(
      http.post(paths.auth.link, async ({ request }) => {
        body = await request.json();
        return ok({ user: aStudent(), next: pages.updateAccount }, 'logged in successfully');
      }),
    );
    const { where } = await openLink();
    expect(screen.getByRole('heading', { name: 'Link your account' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your Campus account matches registration ID 211070001, which already has an account here. Enter that account’s password once to link them; after that you sign in with Campus account.',
      ),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'the-old-password');
    await userEvent.click(screen.getByRole('button', { name: 'Link and log in' }));

    await waitFor(() => expect(where.pathname).toBe(pages.updateAccount));
    expect(body).toEqual({ password: 'the-old-password' });
    // Signed in, with the session's provider known though the answer named none.
    expect(await screen.findByText('Signed in with Campus account')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your Campus account is linked: log in with it from now on.');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('goes home when the sign-in began nowhere in particular, and never to another site', async () => {
    pending();
    server.use(http.post(paths.auth.link, () => ok({ user: aStudent(), next: '//evil.example' })));
    const { where } = await openLink();
    await userEvent.type(screen.getByLabelText('Password'), 'the-old-password');
    await userEvent.click(screen.getByRole('button', { name: 'Link and log in' }));
    await waitFor(() => expect(where.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
  });

  it('a wrong password is said on the field, which keeps the focus; nobody is signed in', async () => {
    pending();
    server.use(http.post(paths.auth.link, () => fail('link_password_incorrect')));
    const { where } = await openLink();
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Link and log in' }));
    expect(await screen.findByText('That password is not right.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(where.pathname).toBe(pages.linkAccount);
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('asks for the password before sending anything', async () => {
    pending();
    let sent = false;
    server.use(
      http.post(paths.auth.link, () => {
        sent = true;
        return ok({ user: aStudent(), next: '/' });
      }),
    );
    await openLink();
    await userEvent.click(screen.getByRole('button', { name: 'Link and log in' }));
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(sent).toBe(false);
  });

  it('too many wrong passwords are said as the login page says them', async () => {
    pending();
    server.use(http.post(paths.auth.link, () => fail('rate_limited', { params: { limit: 'login_account_address', retryAfterSeconds: 900 } })));
    await openLink();
    await userEvent.type(screen.getByLabelText('Password'), 'guess');
    await userEvent.click(screen.getByRole('button', { name: 'Link and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There have been too many wrong passwords for this account from your network. Try again in 15 minutes.',
    );
  });

  it('with no campus sign-in waiting, says there is nothing to link and leads to the login page', async () => {
    server.use(http.get(paths.auth.pendingLink, () => fail('not_found')));
    renderApp(pages.linkAccount);
    expect(await screen.findByText(/Nothing to link: start again from the/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'login page' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('a link that expired while the page was open says the same', async () => {
    pending();
    server.use(http.post(paths.auth.link, () => fail('not_found')));
    await openLink();
    await userEvent.type(screen.getByLabelText('Password'), 'the-old-password');
    await userEvent.click(screen.getByRole('button', { name: 'Link and log in' }));
    expect(await screen.findByText(/Nothing to link: start again from the/)).toBeInTheDocument();
  });

  it('a refusal of the link itself is said in words', async () => {
    pending();
    server.use(http.post(paths.auth.link, () => fail('sign_in_email_taken')));
    await openLink();
    await userEvent.type(screen.getByLabelText('Password'), 'the-old-password');
    await userEvent.click(screen.getByRole('button', { name: 'Link and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your campus account’s email address already belongs to another account here. Ask campus IT for help.');
  });
});
