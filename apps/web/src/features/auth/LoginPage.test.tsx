import { pages } from '@campus/contract/pages';
import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aConfig, aStudent, campusAccount, staffDirectory } from '../../test/fixtures';
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
    server.use(http.post(paths.users.login, () => fail('invalid_login')));
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

describe('LoginPage with campus sign-in', () => {
  const offer = (...providers: object[]) => server.use(http.get(paths.auth.providers, () => ok({ providers })));

  it('offers one link per provider, after the password form and an "or", each carrying the page to return to', async () => {
    offer(campusAccount, staffDirectory);
    renderApp(`/login?next=${encodeURIComponent('/course/c1?tab=notes')}`);
    const campus = await screen.findByRole('link', { name: 'Log in with Campus account' });
    // A plain link: the browser itself goes to the server's start, which sends it on to the provider.
    expect(campus).toHaveAttribute('href', `/api/v1/auth/campus/start?next=${encodeURIComponent('/course/c1?tab=notes')}`);
    expect(screen.getByRole('link', { name: 'Log in with Staff directory' })).toHaveAttribute('href', `/api/v1/auth/staff/start?next=${encodeURIComponent('/course/c1?tab=notes')}`);
    expect(within(screen.getByRole('list', { name: 'Campus sign-in' })).getAllByRole('link')).toHaveLength(2);
    // The form comes first, as before, and the providers below it.
    const form = screen.getByRole('button', { name: 'Log in' });
    expect(form.compareDocumentPosition(screen.getByText('or')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('or').compareDocumentPosition(campus) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByLabelText('Registration ID')).toBeVisible();
  });

  it('returns home when nothing sent the visitor here, and never to another site', async () => {
    offer(campusAccount);
    const { unmount } = renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Log in with Campus account' })).toHaveAttribute('href', '/api/v1/auth/campus/start?next=%2F');
    unmount();
    renderApp('/login?next=//evil.example/phish');
    expect(await screen.findByRole('link', { name: 'Log in with Campus account' })).toHaveAttribute('href', '/api/v1/auth/campus/start?next=%2F');
  });

  it('with no provider, the page is the password form alone', async () => {
    await openLogin();
    await screen.findByRole('link', { name: 'Sign up as a student' });
    expect(screen.queryByRole('list', { name: 'Campus sign-in' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('when only administrators use a password, the providers lead and the form waits behind "Administrator sign-in"', async () => {
    offer(campusAccount);
    server.use(http.get(paths.config, () => ok(aConfig({ passwordLogin: 'admins', signupOpen: false }))));
    renderApp('/login');
    const campus = await screen.findByRole('link', { name: 'Log in with Campus account' });
    expect(screen.getByText('Welcome back. Log in with your campus account.')).toBeInTheDocument();
    const disclosure = screen.getByText('Administrator sign-in');
    expect(campus.compareDocumentPosition(disclosure) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByLabelText('Registration ID')).not.toBeVisible();
    expect(screen.getByText(/New here\? Log in with your campus account: your account here is made the first time you do\./)).toBeInTheDocument();
    await userEvent.click(disclosure);
    expect(screen.getByLabelText('Registration ID')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  it('an account that is no administrator, with the right password, is told to use the campus account', async () => {
    offer(campusAccount);
    server.use(
      http.get(paths.config, () => ok(aConfig({ passwordLogin: 'admins', signupOpen: false }))),
      http.post(paths.users.login, () => fail('password_login_admins_only')),
    );
    renderApp('/login');
    await userEvent.click(await screen.findByText('Administrator sign-in'));
    await userEvent.type(screen.getByLabelText('Registration ID'), '211070001');
    await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators log in with a password here. Log in with your campus account instead.');
  });

  it('with PASSWORD_LOGIN=admins but no provider after all, the password form is the page, as before', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ passwordLogin: 'admins' }))));
    await openLogin();
    await screen.findByRole('link', { name: 'Sign up as a student' });
    expect(screen.queryByText('Administrator sign-in')).toBeNull();
    expect(screen.getByLabelText('Registration ID')).toBeVisible();
  });

  it('says why a campus sign-in was refused, politely, then takes the code out of the address', async () => {
    offer(campusAccount);
    const { where } = renderApp(pages.loginRefused('no_role'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your campus account has no role in this portal. If you think it should, ask the registrar’s office.',
    );
    await waitFor(() => expect(where.search).toBe(''));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with Campus account' })).toBeInTheDocument();
  });

  it('words each code the server sends with its own sentence', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ supportContact: 'helpdesk@campus.example' }))));
    const said: Record<string, string> = {
      claims_unusable: 'Your campus account did not give this portal what it needs to make your account (a registration id, an email address and a name). Ask campus IT for help.',
      sign_in_provider_unknown: 'This way of logging in is not offered here. Start again from the login page.',
      sign_in_unavailable: 'The campus sign-in is not answering. Please try again in a few minutes.',
      sign_in_expired: 'This sign-in took too long or was already used. Please start again.',
      sign_in_failed: 'The campus sign-in could not be completed. Please start again.',
      sign_in_identity_taken: 'Your registration id is already linked to another campus account. Ask campus IT for help.',
      sign_in_email_taken: 'Your campus account’s email address already belongs to another account here. Ask campus IT for help.',
      account_deactivated: 'Your account has been deactivated. Contact helpdesk@campus.example.',
    };
    for (const [code, sentence] of Object.entries(said)) {
      const page = renderApp(`/login?error=${code}`);
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(sentence));
      page.unmount();
    }
  });

  it('never shows text taken from the address: anything but a code is the generic sentence, and where to return to is kept', async () => {
    const hostile = [
      'your account is locked: call 555-0100 to unlock it',
      // The server's old wording of a refusal, which the page used to word by pattern, with a stranger's words inside.
      'your campus account gave no <script>alert(1)</script> (claim x)',
      "your campus account's email cannot be used: send your password to evil@example.com",
      'no_role and call 555-0100',
      ' no_role',
      'NO_ROLE',
    ];
    for (const error of hostile) {
      const page = renderApp(`/login?next=%2Fcalendar&error=${encodeURIComponent(error)}`);
      expect(await screen.findByRole('alert')).toHaveTextContent(/^The campus sign-in could not be completed\. Please start again\.$/);
      expect(document.body).not.toHaveTextContent(/555|script|evil|claim x/);
      await waitFor(() => expect(page.where.search).toBe('?next=%2Fcalendar'));
      page.unmount();
    }
  });

  it('the refusal gives way once the visitor tries their password', async () => {
    server.use(http.post(paths.users.login, () => fail('invalid_login')));
    renderApp(pages.loginRefused('sign_in_failed'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The campus sign-in could not be completed. Please start again.');
    await userEvent.type(screen.getByLabelText('Registration ID'), '211070001');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That registration id or password is not right.'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
