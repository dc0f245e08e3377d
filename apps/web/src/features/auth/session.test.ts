import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { aStudent } from '../../test/fixtures';
import { endedByLogout, forgetUser, rememberUser, setLogoutPending, setUserStore } from './session';

describe('a deliberate logout', () => {
  afterEach(() => {
    setLogoutPending(false);
    rememberUser(aStudent());
  });

  it('stays deliberate when another request meets the ended session after it, until someone logs in', () => {
    setUserStore(null);
    const client = new QueryClient();
    rememberUser(aStudent());
    forgetUser(client, { byLogout: true });
    expect(endedByLogout()).toBe(true);
    // The event stream's count, asked after the server closed the stream: a 401.
    forgetUser(client);
    expect(endedByLogout()).toBe(true);
    rememberUser(aStudent());
    expect(endedByLogout()).toBe(false);
  });

  it('is deliberate when a 401 comes while the logout is on its way, and not when a session simply ran out', () => {
    setUserStore(null);
    const client = new QueryClient();
    rememberUser(aStudent());
    setLogoutPending(true);
    forgetUser(client);
    expect(endedByLogout()).toBe(true);
    setLogoutPending(false);
    rememberUser(aStudent());
    forgetUser(client);
    expect(endedByLogout()).toBe(false);
  });
});
