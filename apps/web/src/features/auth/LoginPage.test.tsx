import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderAt, stubApi } from '../../test/render';
import LoginPage from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

const page = [{ path: '/login', element: <LoginPage /> }];

describe('LoginPage', () => {
  it('shows the contract\'s messages and sends nothing for invalid input', async () => {
    const api = stubApi({});
    renderAt('/login', page);
    await userEvent.type(screen.getByLabelText('Registration ID'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('registrationId must be at least 100000000')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('shows the server\'s refusal in red', async () => {
    stubApi({ 'POST /api/v1/users/login': () => fail(401, 'invalid registration id or password') });
    renderAt('/login', page);
    await userEvent.type(screen.getByLabelText('Registration ID'), '211070001');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid registration id or password');
  });

  it('logs in with the id as a number and goes home', async () => {
    const user = { _id: 'u1', fullname: 'Ada', userrole: 2, registrationId: 211070001, avatar: '', isExamOffice: false };
    const api = stubApi({ 'POST /api/v1/users/login': () => ok({ user }, 'logged in') });
    const { router } = renderAt('/login', page);
    await userEvent.type(screen.getByLabelText('Registration ID'), '211070001');
    await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [, init] = api.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ registrationId: 211070001, password: 'a-good-password' });
  });
});
