import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, fail, ok, renderAt, stubApi } from '../../test/render';
import { Header } from './Header';

afterEach(() => vi.unstubAllGlobals());

const viewer = (patch: object) => ({
  _id: 'u1',
  registrationId: 211070001,
  email: 'a@b.co',
  fullname: 'Ada Lovelace',
  semester: 3,
  branch: 'Computer Engineering',
  userrole: 2,
  avatar: '/files/abc',
  isExamOffice: false,
  createdAt: '',
  updatedAt: '',
  ...patch,
});

function renderHeader(currentUser: () => { status: number; body: unknown }) {
  stubApi({ 'GET /api/v1/config': () => config(), 'GET /api/v1/users/current-user': currentUser });
  renderAt('/', [{ path: '/', element: <Header /> }]);
}
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('Header', () => {
  it('logged out: Login and both signups, the avatar leads to /login', async () => {
    renderHeader(() => fail(401, 'you must be logged in'));
    expect(await nav().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(nav().getByRole('link', { name: 'Teacher Signup' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Guest's avatar/ })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('a student sees the badge with Student, name and registration id, and Logout', async () => {
    renderHeader(() => ok(viewer({})));
    expect(await nav().findByRole('link', { name: 'Hall Ticket' })).toBeInTheDocument();
    expect(await screen.findByText('Student')).toBeInTheDocument();
    expect(screen.getByText('211070001')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav().queryByRole('link', { name: 'Add Course' })).toBeNull();
    expect(nav().getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/all-notifications');
  });

  it('the exam office sees no course items', async () => {
    renderHeader(() => ok(viewer({ userrole: 1, isExamOffice: true, registrationId: 211070007 })));
    expect(await nav().findByRole('link', { name: 'Applications' })).toBeInTheDocument();
    expect(nav().queryByRole('link', { name: 'Courses' })).toBeNull();
    expect(nav().queryByRole('link', { name: 'My Courses' })).toBeNull();
    expect(nav().queryByRole('link', { name: 'Add Course' })).toBeNull();
    expect(await screen.findByText('Teacher')).toBeInTheDocument();
  });
});
