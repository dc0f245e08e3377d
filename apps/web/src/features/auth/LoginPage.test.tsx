import { paths } from '@campus/contract/paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aConfig, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, ok, server } from '../../test/server';

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { name: 'Log in' });
  return app;
}

describe('LoginPage', () => {
  it("shows the contract's messages and sends nothing for invalid input", async () => {
    let sent = false;
    server.use(
      http.post(paths.users.login, () => {
        sent = true;
        return ok({ user: aStudent() });
      }),
    );
    await openLogin();
    await userEvent.type(screen.getByLabelText('Registration ID'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('A registration id has at least 9 digits.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Registration ID')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Registration ID')).toHaveFocus();
    expect(sent).toBe(false);
  });

  it('refuses a registration id that is not a number', async () => {
    await openLogin();
    await userEvent.type(screen.getByLabelText('Registration ID'), 'abc');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever-it-is');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Use only digits for the registration id.')).toBeInTheDocument();
  });

  it('clears a message once the field is put right', async () => {
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await waitFor(() => expect(screen.queryByText('Enter your password.')).toBeNull());
  });

  it("shows the server's refusal, errors[0], in red", async () => {
    server.use(http.post(paths.users.login, () => fail(401, 'invalid registration id or password')));
    await openLogin();
    await userEvent.type(screen.getByLabelText('Registration ID'), '211070001');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That registration id or password is not right.');
    // A wrong password is not a lost session: the page stays, nothing is forgotten.
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('logs in with JSON {registrationId as a number, password}, then goes home logged in', async () => {
    let body: unknown;
    server.use(
      http.post(paths.users.login, async ({ request }) => {
        body = await request.json();
        return ok({ user: aStudent() }, 'logged in');
      }),
    );
    const { where } = await openLogin();
    await userEvent.type(screen.getByLabelText('Registration ID'), '211070001');
    await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(where.pathname).toBe('/'));
    expect(body).toEqual({ registrationId: 211070001, password: 'a-good-password' });
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('the password can be shown and hidden', async () => {
    await openLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to both signups', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Sign up as a student' })).toHaveAttribute('href', '/student-signup');
    expect(screen.getByRole('link', { name: 'as a professor' })).toHaveAttribute('href', '/teacher-signup');
  });

  it('with signup closed, offers no signup but says where the account comes from, and how to set a first password', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ signupOpen: false, mailEnabled: true }))));
    await openLogin();
    expect(await screen.findByText(/Your account comes from the campus: there is no signing up here\. If you have never set a password, use “Forgot password\?” to set one\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('link', { name: 'Sign up as a student' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'as a professor' })).toBeNull();
  });

  it('offers "Forgot password?" only when the server sends email', async () => {
    const { unmount } = await openLogin();
    await screen.findByRole('link', { name: 'Sign up as a student' });
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
    unmount();
    server.use(http.get(paths.config, () => ok(aConfig({ mailEnabled: true }))));
    await openLogin();
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
