import { paths } from '@campus/contract/paths';
import { registerBody } from '@campus/contract/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aConfig, aPng } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, ok, server } from '../../test/server';

/** Captures what register receives: the text fields, and the avatar file. */
function acceptRegistrations(message = 'user registered successfully') {
  const sent: { fields: Record<string, string>; avatar: File | null }[] = [];
  server.use(
    http.post(paths.users.register, async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, string> = {};
      for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
      sent.push({ fields, avatar: form.get('avatar') as File | null });
      return ok({}, message, 201);
    }),
  );
  return sent;
}

async function open(path: '/student-signup' | '/teacher-signup') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: path === '/student-signup' ? 'Student signup' : 'Teacher signup' });
  return app;
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
    expect(banner).toHaveTextContent('user registered successfully');
    expect(screen.getByRole('link', { name: 'Log in now' })).toHaveAttribute('href', '/login');

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

  it('dismissing the banner goes to /login', async () => {
    acceptRegistrations();
    const { where } = await open('/student-signup');
    await fill();
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(where.pathname).toBe('/login'));
  });

  it('requires an avatar, png or jpeg, at most 5 MB, before sending anything', async () => {
    const sent = acceptRegistrations();
    await open('/student-signup');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('avatar is required')).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Avatar'), new File(['gif'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Avatar must be a png or jpeg image')).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Avatar'), aPng('huge.png', 5 * 1024 * 1024 + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Avatar must be at most 5 MB')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("reports every field's problem at once, in the contract's words", async () => {
    await open('/student-signup');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Registration ID must be a number')).toBeInTheDocument();
    expect(screen.getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('avatar is required')).toBeInTheDocument();
  });

  it("shows the server's refusal in red and keeps the form", async () => {
    server.use(http.post(paths.users.register, () => fail(409, 'Registration ID is already registered')));
    await open('/student-signup');
    await fill();
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration ID is already registered');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('a teacher signup sends userrole 1 and asks no staff code when the server needs none', async () => {
    const sent = acceptRegistrations();
    await open('/teacher-signup');
    expect(screen.queryByLabelText('Staff signup code')).toBeNull();
    await fill();
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByRole('status');
    expect(sent[0]!.fields.userrole).toBe('1');
    expect(sent[0]!.fields).not.toHaveProperty('staffcode');
  });

  it('a teacher signup asks for the staff code when the server needs one, and requires it', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ professorSignupNeedsCode: true }))));
    const sent = acceptRegistrations();
    await open('/teacher-signup');
    await fill();
    await userEvent.upload(screen.getByLabelText('Avatar'), aPng());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Staff signup code is required')).toBeInTheDocument();
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
