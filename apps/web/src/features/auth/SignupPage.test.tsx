import { paths } from '@campus/contract/paths';
import { registerBody } from '@campus/contract/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aConfig, aPng, aUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

/**
 * Captures what register receives (the text fields, and the avatar file) and answers the new
 * user; login then accepts the id and password just registered (what it got is in `logins`).
 */
function acceptRegistrations(message = 'user registered successfully') {
  const sent: { fields: Record<string, string>; avatar: File | null }[] = [];
  const logins: unknown[] = [];
  server.use(
    http.post(paths.users.register, async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, string> = {};
      for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
      sent.push({ fields, avatar: form.get('avatar') as File | null });
      return ok(newUser(fields), message, 201);
    }),
    http.post(paths.users.login, async ({ request }) => {
      logins.push(await request.json());
      const user = newUser(sent.at(-1)!.fields);
      loggedInAs(user);
      return ok({ user }, 'logged in successfully');
    }),
  );
  return Object.assign(sent, { logins });
}

const newUser = (fields: Record<string, string>) =>
  aUser({ registrationId: Number(fields.registrationId), fullname: fields.fullname!, email: fields.email!, userrole: Number(fields.userrole) as 1 | 2 });

async function open(path: '/student-signup' | '/teacher-signup') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: path === '/student-signup' ? 'Student signup' : 'Professor signup' });
  return app;
}

async function fillProfessor() {
  await userEvent.type(screen.getByLabelText('Registration ID'), '211070001');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-password');
}

async function fill() {
  await userEvent.type(screen.getByLabelText('Registration ID'), '211070001');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await userEvent.selectOptions(screen.getByLabelText('Semester'), '4');
  await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Civil Engineering');
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-password');
}

describe('signup', () => {
  it('defaults to semester 1 and Computer Engineering, with all nine branches offered', async () => {
    await open('/student-signup');
    expect(screen.getByLabelText('Semester')).toHaveValue('1');
    expect(screen.getByLabelText('Branch')).toHaveValue('Computer Engineering');
    expect(screen.getAllByRole('option').filter((o) => o.closest('select') === screen.getByLabelText('Branch'))).toHaveLength(9);
  });

  it('a student signup sends every field, as multipart with userrole 2, and the server reads the numbers', async () => {
    const sent = acceptRegistrations();
    await open('/student-signup');
    await fill();
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Success');
    expect(banner).toHaveTextContent('Welcome, Ada Lovelace. Your account is ready.');

    expect(sent).toHaveLength(1);
    expect(sent[0]!.fields).toEqual({
      registrationId: '211070001',
      email: 'ada@example.com',
      fullname: 'Ada Lovelace',
      password: 'a-long-password',
      semester: '4',
      branch: 'Civil Engineering',
      userrole: '2',
    });
    expect(sent[0]!.avatar).toMatchObject({ name: 'me.png', type: 'image/png' });
    // What the server's schema makes of it: numbers where the contract says numbers.
    expect(registerBody.parse(sent[0]!.fields)).toMatchObject({ registrationId: 211070001, semester: 4, userrole: 2 });
  });

  it('sends the branch the form shows when it is left as it is: the server requires one', async () => {
    const sent = acceptRegistrations();
    await open('/student-signup');
    await userEvent.type(screen.getByLabelText('Registration ID'), '211070002');
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    await userEvent.type(screen.getByLabelText('Password'), 'a-long-password');
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByRole('status');
    expect(sent[0]!.fields).toMatchObject({ branch: 'Computer Engineering', semester: '1' });
    expect(registerBody.safeParse(sent[0]!.fields).success).toBe(true);
  });

  it('logs the new user in with the id and password just given, and lands on home with a welcome', async () => {
    const sent = acceptRegistrations();
    const { where } = await open('/student-signup');
    await fill();
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Welcome, Ada Lovelace. Your account is ready.');
    await waitFor(() => expect(where.pathname).toBe('/'));
    expect(sent.logins).toEqual([{ registrationId: 211070001, password: 'a-long-password' }]);
    // Logged in: the header names the new user.
    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toHaveTextContent('Student');
  });

  it('when that login fails (a rate limit), the login form opens with the new registration id', async () => {
    acceptRegistrations();
    server.use(http.post(paths.users.login, () => fail('rate_limited', { params: { limit: 'login_address', retryAfterSeconds: 180 } })));
    const { where } = await open('/student-signup');
    await fill();
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(where.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Registration ID')).toHaveValue('211070001');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Your account is ready. Enter your password to log in.');
  });

  it('requires an avatar, png or jpeg, at most 5 MB, before sending anything', async () => {
    const sent = acceptRegistrations();
    await open('/student-signup');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Choose a photo of yourself.')).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Avatar'), new File(['gif'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Choose a photo that is a PNG or JPEG image.')).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Avatar'), aPng('huge.png', 5 * 1024 * 1024 + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Choose a photo of 5 MB or less.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("reports every field's problem at once, in the app's words", async () => {
    await open('/student-signup');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter your registration id.')).toBeInTheDocument();
    expect(screen.getByText('Enter an email address like name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Enter your full name.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters for the password.')).toBeInTheDocument();
    expect(screen.getByText('Choose a photo of yourself.')).toBeInTheDocument();
  });

  it("shows the server's refusal in red and keeps the form", async () => {
    server.use(http.post(paths.users.register, () => fail('registration_id_taken')));
    await open('/student-signup');
    await fill();
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That registration id already has an account. Log in instead.');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('a professor signup asks for neither semester nor branch, sends userrole 1 with the defaults, and no staff code when the server needs none', async () => {
    const sent = acceptRegistrations();
    await open('/teacher-signup');
    expect(screen.queryByLabelText('Staff signup code')).toBeNull();
    expect(screen.queryByLabelText('Semester')).toBeNull();
    expect(screen.queryByLabelText('Branch')).toBeNull();
    await fillProfessor();
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByRole('status');
    expect(sent[0]!.fields).toMatchObject({ userrole: '1', semester: '1', branch: 'Computer Engineering' });
    expect(sent[0]!.fields).not.toHaveProperty('staffcode');
    expect(registerBody.safeParse(sent[0]!.fields).success).toBe(true);
    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toHaveTextContent('Professor');
  });

  it('a teacher signup asks for the staff code when the server needs one, and requires it', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ professorSignupNeedsCode: true }))));
    const sent = acceptRegistrations();
    await open('/teacher-signup');
    await fillProfessor();
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter the staff signup code.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Staff signup code'), 'letmein');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByRole('status');
    expect(sent[0]!.fields).toMatchObject({ userrole: '1', staffcode: 'letmein' });
  });

  it('a student signup never shows the staff code field', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ professorSignupNeedsCode: true }))));
    await open('/student-signup');
    expect(screen.queryByLabelText('Staff signup code')).toBeNull();
  });
});

describe('signup closed (SIGNUP=closed)', () => {
  it.each(['/student-signup', '/teacher-signup'] as const)('%s says signing up is closed, how to log in and how to set a first password; no form', async (path) => {
    server.use(http.get(paths.config, () => ok(aConfig({ signupOpen: false, mailEnabled: true }))));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Signing up is closed' })).toBeInTheDocument();
    expect(screen.getByText(/Accounts on this portal come from the campus/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Registration ID')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });

  it('without mail, sends the visitor to the campus administration for a password', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ signupOpen: false, mailEnabled: false }))));
    renderApp('/student-signup');
    expect(await screen.findByText('Never set a password? Ask the campus administration for one.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Forgot password' })).toBeNull();
  });
});

