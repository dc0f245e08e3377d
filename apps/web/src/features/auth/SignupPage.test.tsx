import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, ok, renderAt, stubApi } from '../../test/render';
import { SignupForm } from './SignupPage';

afterEach(() => vi.unstubAllGlobals());

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });

async function fill() {
  await userEvent.type(screen.getByLabelText('Registration ID'), '211070001');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await userEvent.selectOptions(screen.getByLabelText('Semester'), '4');
  await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Civil Engineering');
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-password');
}

describe('SignupForm', () => {
  it('a student signup sends every field as multipart with userrole 2', async () => {
    const api = stubApi({
      'GET /api/v1/config': () => config(),
      'POST /api/v1/users/register': () => ok({}, 'user registered successfully'),
    });
    renderAt('/s', [{ path: '/s', element: <SignupForm role="student" /> }]);
    await fill();
    await userEvent.upload(screen.getByLabelText('Avatar'), png());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Success');
    const call = api.mock.calls.find(([url]) => url === '/api/v1/users/register')!;
    const form = call[1]!.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'avatar'))).toEqual({
      registrationId: '211070001',
      email: 'ada@example.com',
      fullname: 'Ada Lovelace',
      password: 'a-long-password',
      semester: '4',
      branch: 'Civil Engineering',
      userrole: '2',
    });
    expect(form.get('avatar')).toBeInstanceOf(File);
    expect(screen.queryByLabelText('Staff signup code')).toBeNull();
  });

  it('requires an avatar, png or jpeg', async () => {
    const api = stubApi({ 'GET /api/v1/config': () => config() });
    renderAt('/s', [{ path: '/s', element: <SignupForm role="student" /> }]);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('avatar is required')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Avatar'), new File(['x'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('avatar must be a png or jpeg image')).toBeInTheDocument();
    expect(api.mock.calls.some(([url]) => url === '/api/v1/users/register')).toBe(false);
  });

  it('a teacher signup asks for the staff code only when the server needs one', async () => {
    const api = stubApi({
      'GET /api/v1/config': () => config(true),
      'POST /api/v1/users/register': () => ok({}, 'user registered successfully'),
    });
    renderAt('/t', [{ path: '/t', element: <SignupForm role="professor" /> }]);
    await fill();
    await userEvent.type(await screen.findByLabelText('Staff signup code'), 'letmein');
    await userEvent.upload(screen.getByLabelText('Avatar'), png());
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByRole('status');
    const form = api.mock.calls.find(([url]) => url === '/api/v1/users/register')![1]!.body as FormData;
    expect(form.get('userrole')).toBe('1');
    expect(form.get('staffcode')).toBe('letmein');
  });
});
