import { paths } from '@campus/contract/paths';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, ok, server } from '../../test/server';

const mailOn = () => server.use(http.get(paths.config, () => ok(aConfig({ mailEnabled: true }))));

async function open() {
  renderApp('/forgot-password');
  await screen.findByRole('heading', { name: 'Forgot password' });
}

describe('ForgotPasswordPage', () => {
  it('sends {registrationId} as a number and shows the same neutral message whatever the answer says', async () => {
    mailOn();
    let sent: unknown;
    server.use(
      http.post(paths.users.forgotPassword, async ({ request }) => {
        sent = await request.json();
        return ok({}, 'if that account exists, a reset link is on its way to its email');
      }),
    );
    await open();
    await userEvent.type(await screen.findByLabelText('Registration ID'), '211070001');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If that account exists, we sent a reset link to its email.');
    expect(sent).toEqual({ registrationId: 211070001 });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it("checks the registration id by the contract's rules before sending", async () => {
    mailOn();
    let called = false;
    server.use(
      http.post(paths.users.forgotPassword, () => {
        called = true;
        return ok({});
      }),
    );
    await open();
    await userEvent.type(await screen.findByLabelText('Registration ID'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('A registration id has at least 9 digits.')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it("shows the server's refusal (a rate limit) in red", async () => {
    mailOn();
    server.use(http.post(paths.users.forgotPassword, () => fail('rate_limited', { params: { limit: 'reset_requests', retryAfterSeconds: 3600 } })));
    await open();
    await userEvent.type(await screen.findByLabelText('Registration ID'), '211070001');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your network has asked for many password resets.');
  });

  it('says so, and offers no form, when the server sends no email', async () => {
    await open();
    expect(await screen.findByText(/This portal sends no email/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
  });

  it('offers Retry when the configuration cannot be loaded', async () => {
    // A 4xx, which the app does not retry by itself.
    server.use(http.get(paths.config, () => fail('not_found')));
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('That could not be found. It may have been deleted.');
    mailOn();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });
});
