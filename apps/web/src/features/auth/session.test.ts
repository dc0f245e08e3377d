import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { aStudent } from '../../test/fixtures';
import { endedByLogout, forgetUser, rememberUser, setLogoutPending, setUserStore, whySessionEnded } from './session';

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

describe('why a session ended', () => {
  afterEach(() => {
    setLogoutPending(false);
    rememberUser(aStudent());
  });

  it("keeps the 401's reason until someone logs in, and only a known one", () => {
    setUserStore(null);
    const client = new QueryClient();
    rememberUser(aStudent());
    forgetUser(client, { code: 'account_deactivated' });
    expect(whySessionEnded()).toBe('account_deactivated');
    rememberUser(aStudent());
    expect(whySessionEnded()).toBeNull();
    forgetUser(client, { code: 'your account is locked: call 555-0100' });
    expect(whySessionEnded()).toBeNull();
  });

  it('is never claimed for a deliberate logout, nor a 401 met while it is on its way', () => {
    setUserStore(null);
    const client = new QueryClient();
    rememberUser(aStudent());
    setLogoutPending(true);
    forgetUser(client, { code: 'session_ended' });
    expect(whySessionEnded()).toBeNull();
    setLogoutPending(false);
    rememberUser(aStudent());
    forgetUser(client, { code: 'session_expired' });
    forgetUser(client, { byLogout: true });
    expect(whySessionEnded()).toBeNull();
  });
});
