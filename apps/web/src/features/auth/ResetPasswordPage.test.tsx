import { paths } from '@campus/contract/paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { fail, ok, server } from '../../test/server';

const TOKEN = 'mF3x_9kQ-token-from-the-email';

async function open(path = `/reset-password?token=${TOKEN}`) {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Choose a new password' });
  return app;
}

async function fill(newpassword: string, confirm = newpassword) {
  await userEvent.type(screen.getByLabelText('New password'), newpassword);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it('says "set your password" for an invitation (first=1), and sends the token as a reset does', async () => {
    let sent: unknown;
    server.use(
      http.post(paths.users.resetPassword, async ({ request }) => {
        sent = await request.json();
        return ok({}, 'password reset successfully');
      }),
    );
    const { where } = renderApp(`/reset-password?token=${TOKEN}&first=1`);
    await screen.findByRole('heading', { name: 'Set your password' });
    expect(screen.getByText('Your campus has set up your account: choose the password you will log in with.')).toBeInTheDocument();
    expect(screen.queryByText('Setting it logs your account out everywhere.')).toBeNull();
    await userEvent.type(screen.getByLabelText('Password'), 'my first campus passphrase');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'my first campus passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(where.pathname).toBe('/login'));
    expect(sent).toEqual({ token: TOKEN, newpassword: 'my first campus passphrase' });
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is set. Log in with your registration ID and that password.');
  });

  it("sends the link's token with the new password, then goes to the login page with a message", async () => {
    let sent: unknown;
    server.use(
      http.post(paths.users.resetPassword, async ({ request }) => {
        sent = await request.json();
        return ok({}, 'password reset successfully');
      }),
    );
    const { where } = await open();
    await fill('a brand new passphrase');
    await waitFor(() => expect(where.pathname).toBe('/login'));
    expect(sent).toEqual({ token: TOKEN, newpassword: 'a brand new passphrase' });
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('checks the new password by the contract and the confirmation before sending', async () => {
    let called = false;
    server.use(
      http.post(paths.users.resetPassword, () => {
        called = true;
        return ok({});
      }),
    );
    await open();
    await fill('short', 'different');
    expect(await screen.findByText('Use at least 8 characters for the new password.')).toBeInTheDocument();
    expect(screen.getByText('The two new passwords are not the same.')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it("shows why a link no longer works, and offers a new one", async () => {
    server.use(http.post(paths.users.resetPassword, () => fail('reset_token_used')));
    await open();
    await fill('a brand new passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used. Ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('without a token, says to open the emailed link', async () => {
    await open('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from your reset email');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });
});
