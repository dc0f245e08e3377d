import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderAt, stubApi } from '../../test/render';
import ProfilePage from './ProfilePage';

afterEach(() => vi.unstubAllGlobals());

const user = {
  _id: 'u1',
  registrationId: 211070001,
  email: 'ada@example.com',
  fullname: 'Ada Lovelace',
  semester: 3,
  branch: 'Computer Engineering',
  userrole: 2,
  avatar: '',
  isExamOffice: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('ProfilePage', () => {
  it('views, edits and saves, then returns to viewing with the new values', async () => {
    const api = stubApi({
      'GET /api/v1/users/current-user': () => ok(user),
      'PATCH /api/v1/users/update-account': (init) => ok({ user: { ...user, ...JSON.parse(String(init?.body)) } }, 'account updated successfully'),
    });
    renderAt('/update-account', [{ path: '/update-account', element: <ProfilePage /> }]);
    expect(await screen.findByText('Student')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada King');
    await userEvent.selectOptions(screen.getByLabelText('Semester'), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('account updated successfully');
    expect(screen.getByText('Ada King')).toBeInTheDocument();
    expect(screen.getByText('6')).toBeInTheDocument();
    const sent = api.mock.calls.find(([url]) => url === '/api/v1/users/update-account')![1]!;
    expect(JSON.parse(String(sent.body))).toEqual({ email: 'ada@example.com', fullname: 'Ada King', branch: 'Computer Engineering', semester: 6 });
  });

  it('keeps editing and shows the refusal when the server says no', async () => {
    stubApi({
      'GET /api/v1/users/current-user': () => ok(user),
      'PATCH /api/v1/users/update-account': () => fail(409, 'email already registered'),
    });
    renderAt('/update-account', [{ path: '/update-account', element: <ProfilePage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('email already registered');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('sends a logged-out visitor to /login', async () => {
    stubApi({ 'GET /api/v1/users/current-user': () => fail(401, 'you must be logged in') });
    const { router } = renderAt('/update-account', [{ path: '/update-account', element: <ProfilePage /> }]);
    await screen.findByText('elsewhere');
    expect(router.state.location.pathname).toBe('/login');
  });
});
