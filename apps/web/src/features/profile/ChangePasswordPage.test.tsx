import { paths } from '@campus/contract/paths';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

async function open() {
  loggedInAs(aStudent());
  renderApp('/change-password');
  await screen.findByRole('heading', { name: 'Change password' });
}

async function fill(oldpassword: string, newpassword: string, confirm = newpassword) {
  await userEvent.type(screen.getByLabelText('Current password'), oldpassword);
  await userEvent.type(screen.getByLabelText('New password'), newpassword);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordPage', () => {
  it('sends only {oldpassword, newpassword} and shows Success', async () => {
    let sent: unknown;
    server.use(
      http.post(paths.users.changePassword, async ({ request }) => {
        sent = await request.json();
        return ok({}, 'password changed successfully');
      }),
    );
    await open();
    await fill('old-password-1', 'new-password-2');
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Success');
    expect(banner).toHaveTextContent('Your password has been changed.');
    expect(sent).toEqual({ oldpassword: 'old-password-1', newpassword: 'new-password-2' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('the confirmation must match, and the new password follows the contract', async () => {
    await open();
    await fill('old-password-1', 'short', 'different');
    expect(await screen.findByText('Use at least 8 characters for the new password.')).toBeInTheDocument();
    expect(screen.getByText('The two new passwords are not the same.')).toBeInTheDocument();
  });

  it("shows the server's refusal in red", async () => {
    server.use(http.post(paths.users.changePassword, () => fail('field_incorrect', { field: 'currentPassword' })));
    await open();
    await fill('wrong-old-password', 'new-password-2');
    expect(await screen.findByRole('alert')).toHaveTextContent('That current password is not right.');
  });

  it('refuses the current password as the new one, before sending anything', async () => {
    let sent = false;
    server.use(
      http.post(paths.users.changePassword, () => {
        sent = true;
        return ok({}, 'password changed successfully');
      }),
    );
    await open();
    await fill('the same passphrase', 'the same passphrase');
    expect(await screen.findByText('Choose a new password that is different from your current one.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(false);
  });
});
