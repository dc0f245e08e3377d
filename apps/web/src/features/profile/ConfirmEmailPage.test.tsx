import { paths } from '@campus/contract/paths';
import type { User } from '@campus/contract/users';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../auth';
import { aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

/** Answers confirm-email with `answer`, keeping every token it was sent. */
function confirmEmailAnswers(answer: () => Response) {
  const tokens: string[] = [];
  server.use(
    http.post(paths.users.confirmEmail, async ({ request }) => {
      tokens.push(((await request.json()) as { token: string }).token);
      return answer();
    }),
  );
  return tokens;
}

const confirmed = () => ok({ user: aStudent({ email: 'ada@new.example' }) }, 'email address confirmed');

describe('ConfirmEmailPage', () => {
  it("sends the link's token once, without a login, and says the new email with a way to the profile", async () => {
    const tokens = confirmEmailAnswers(confirmed);
    // In StrictMode, as the app runs: each effect runs twice in development.
    renderApp('/confirm-email?token=the-emailed-token', { strict: true });
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('status')).toHaveTextContent('Your email is now ada@new.example.');
    expect(main.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/update-account');
    expect(document.title).toMatch(/Confirm your new email/);
    // The page rendered several times on its way (pending, then success); it sent once.
    await new Promise((r) => setTimeout(r, 50));
    expect(tokens).toEqual(['the-emailed-token']);
  });

  it("gives this browser's user the new address when it is theirs", async () => {
    loggedInAs(aStudent());
    confirmEmailAnswers(confirmed);
    const { client } = renderApp('/confirm-email?token=t');
    expect(await screen.findByRole('status')).toHaveTextContent('ada@new.example');
    expect(client.getQueryData<User>(currentUserKey)?.email).toBe('ada@new.example');
  });

  it("leaves another logged-in user's copy alone", async () => {
    loggedInAs(aProfessor());
    confirmEmailAnswers(confirmed);
    const { client } = renderApp('/confirm-email?token=t');
    expect(await screen.findByRole('status')).toHaveTextContent('ada@new.example');
    expect(client.getQueryData<User>(currentUserKey)?.email).toBe('grace@example.com');
  });

  it('shows a refusal in plain words with a way forward', async () => {
    const tokens = confirmEmailAnswers(() => fail('email_token_expired'));
    renderApp('/confirm-email?token=old');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('alert')).toHaveTextContent('This link has expired. Change your email again from your profile for a new one.');
    expect(main.getByText(/If your email has not changed yet/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/update-account');
    expect(tokens).toEqual(['old']);
  });

  it('without a token sends nothing and says what to do', async () => {
    // Any call to confirm-email would be unhandled, which fails the test.
    renderApp('/confirm-email');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('alert')).toHaveTextContent('This page needs the link from your confirmation email');
    expect(main.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/update-account');
  });
});
