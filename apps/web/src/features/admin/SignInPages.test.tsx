import { pages } from '@campus/contract/pages';
import { paths } from '@campus/contract/paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aConfig, campusAccount, staffDirectory } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import type { SignInTest } from './api/sign-in';
import { admin, anEntry, personOf, student } from './test-data';

const TEST_ID = '0b8f2c1e-0000-4000-8000-000000000042';

/** A test sign-in with the OpenID provider that a faculty member's claims went through by rule 2. */
function aTest(patch: Partial<SignInTest> = {}): SignInTest {
  return {
    _id: TEST_ID,
    provider: campusAccount,
    subject: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
    claims: { sub: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6', email: 'grace@campus.example', name: 'Grace Hopper', staff_id: '211070100', groups: ['staff', 'faculty'], address: { locality: 'Pune' }, email_verified: true },
    account: { registrationId: 211070100, email: 'grace@campus.example', fullname: 'Grace Hopper', semester: null, branch: null },
    matched: { rule: 2, claim: 'groups', value: 'faculty', role: 'professor' },
    refusal: null,
    failure: null,
    createdAt: '2026-11-25T09:30:00.000Z',
    ...patch,
  };
}

const answerTest = (test: SignInTest) => server.use(http.get(paths.auth.signInTest(TEST_ID), () => ok({ test })));

describe('/admin/sign-in', () => {
  it('lists the providers, each with a test sign-in, and a SAML one with its metadata; the administration’s nav leads there', async () => {
    loggedInAs(admin);
    const origin = 'https://portal.campus.example/api/v1/auth';
    server.use(
      http.get(paths.auth.providers, () => ok({ providers: [campusAccount, staffDirectory] })),
      http.get(paths.admin.users, () => ok({ users: [], nextCursor: null })),
      http.get(paths.admin.summary, () =>
        ok({
          imports: [],
          deactivated: 0,
          studentsWithoutPhoto: 0,
          providers: [
            { id: 'campus', label: 'Campus account', lastSignedInAt: '2026-11-28T10:00:00.000Z', callback: `${origin}/campus/callback`, metadata: null, logout: `${origin}/campus/backchannel-logout` },
            { id: 'staff', label: 'Staff directory', lastSignedInAt: null, callback: `${origin}/staff/acs`, metadata: `${origin}/staff/metadata`, logout: null },
          ],
        }),
      ),
    );
    renderApp(pages.adminUsers);
    await userEvent.click(await within(await screen.findByRole('navigation', { name: 'Administration' })).findByRole('link', { name: 'Campus sign-in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campus sign-in' })).toBeInTheDocument();

    const list = within(await screen.findByRole('list', { name: 'Providers' }));
    const [oidc, saml] = list.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(oidc).getByRole('heading', { name: 'Campus account' })).toBeInTheDocument();
    expect(oidc).toHaveTextContent('OpenID Connect · campus');
    // Links the browser follows: the server sends it on to the provider.
    expect(within(oidc).getByRole('link', { name: 'Test sign-in with Campus account' })).toHaveAttribute('href', '/api/v1/auth/campus/start?test=true');
    expect(within(oidc).queryByRole('link', { name: /Metadata/ })).toBeNull();
    expect(saml).toHaveTextContent('SAML 2.0 · staff');
    expect(within(saml).getByRole('link', { name: 'Test sign-in with Staff directory' })).toHaveAttribute('href', '/api/v1/auth/staff/start?test=true');
    expect(within(saml).getByRole('link', { name: 'Metadata of Staff directory' })).toHaveAttribute('href', '/api/v1/auth/staff/metadata');
    expect(screen.getByText('Everyone may also log in with a password.')).toBeInTheDocument();

    // The addresses campus IT registers, each to copy, and when each provider last worked.
    expect(await within(oidc).findByText(`${origin}/campus/callback`)).toBeInTheDocument();
    expect(within(oidc).getByText(`${origin}/campus/backchannel-logout`)).toBeInTheDocument();
    expect(within(oidc).getByText(/^Last worked /)).toBeInTheDocument();
    expect(within(saml).getByText(`${origin}/staff/acs`)).toBeInTheDocument();
    expect(within(saml).getByText(`${origin}/staff/metadata`)).toBeInTheDocument();
    expect(within(saml).getByText('Nobody has signed in with it yet.')).toBeInTheDocument();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(oidc).getByRole('button', { name: 'Copy the back-channel logout uri' }));
    expect(writeText).toHaveBeenCalledWith(`${origin}/campus/backchannel-logout`);
    expect(await within(oidc).findByText('Copied.')).toBeInTheDocument();
  });

  it('says when no provider is configured, and when only administrators use a password', async () => {
    loggedInAs(admin);
    server.use(
      http.get(paths.config, () => ok(aConfig({ passwordLogin: 'admins' }))),
      http.get(paths.admin.summary, () => ok({ imports: [], deactivated: 0, studentsWithoutPhoto: 0, providers: [] })),
    );
    renderApp(pages.adminSignIn);
    expect(await screen.findByText('No provider is configured: campus IT sets them with AUTH_PROVIDERS when the portal starts.')).toBeInTheDocument();
    expect(await screen.findByText('Only administrators log in with a password; everyone else uses a provider.')).toBeInTheDocument();
  });

  it('is the administrators’ alone', async () => {
    loggedInAs(student);
    renderApp(pages.adminSignIn);
    expect(await screen.findByText('The administration pages are for the campus’s administrators.')).toBeInTheDocument();
  });
});

describe('/admin/sign-in/:testId', () => {
  it('shows what the provider released, the account it describes, the rule that matched, and that a sign-in would go through', async () => {
    loggedInAs(admin);
    answerTest(aTest());
    renderApp(pages.adminSignInTest(TEST_ID));
    expect(await screen.findByRole('heading', { level: 1, name: 'Test sign-in with Campus account' })).toBeInTheDocument();
    expect(document.title).toContain('Test sign-in with Campus account');

    const outcome = within(screen.getByRole('region', { name: 'Outcome' }));
    expect(outcome.getByText('A real sign-in would go through.')).toBeInTheDocument();
    expect(outcome.getByText('Campus account (OpenID Connect, campus)')).toBeInTheDocument();
    expect(outcome.getByText('f81d4fae-7dec-11d0-a765-00a0c91e6bf6')).toBeInTheDocument();
    expect(outcome.getByText('rule 2: groups = faculty → professor')).toBeInTheDocument();

    const account = within(screen.getByRole('region', { name: 'Account' }));
    const value = (term: string) => account.getByText(term).nextElementSibling;
    expect(value('Registration ID')).toHaveTextContent('211070100');
    expect(value('Email')).toHaveTextContent('grace@campus.example');
    expect(value('Full name')).toHaveTextContent('Grace Hopper');
    expect(value('Semester')).toHaveTextContent('—');
    expect(value('Branch')).toHaveTextContent('—');

    const claims = within(screen.getByRole('region', { name: 'Released claims' }));
    const row = (claim: string) => claims.getByRole('rowheader', { name: claim }).closest('tr')!;
    expect(row('staff_id')).toHaveTextContent('211070100');
    expect(row('groups')).toHaveTextContent('["staff","faculty"]');
    expect(row('address')).toHaveTextContent('{"locality":"Pune"}');
    expect(row('email_verified')).toHaveTextContent('true');
    expect(claims.getAllByRole('row')).toHaveLength(1 + 7);

    expect(screen.getByRole('link', { name: 'Test again' })).toHaveAttribute('href', '/api/v1/auth/campus/start?test=true');
    expect(screen.getByRole('link', { name: 'All providers' })).toHaveAttribute('href', '/admin/sign-in');
  });

  it('says why a real sign-in would be refused, in the words the login page would use', async () => {
    loggedInAs(admin);
    answerTest(aTest({ matched: null, refusal: 'no_role' }));
    renderApp(pages.adminSignInTest(TEST_ID));
    const outcome = within(await screen.findByRole('region', { name: 'Outcome' }));
    expect(outcome.getByText(/A real sign-in would be refused:/)).toHaveTextContent(
      'A real sign-in would be refused: Your campus account has no role in this portal. If you think it should, ask the registrar’s office.',
    );
    expect(outcome.getByText('None matched')).toBeInTheDocument();
  });

  it('says when the claims describe no account', async () => {
    loggedInAs(admin);
    answerTest(aTest({ account: null, matched: null, claims: { sub: 'x' }, refusal: 'claims_unusable' }));
    renderApp(pages.adminSignInTest(TEST_ID));
    expect(await screen.findByText('The claims describe no account the portal could keep.')).toBeInTheDocument();
    expect(screen.getByText(/A real sign-in would be refused:/)).toHaveTextContent('Your campus account did not give this portal what it needs to make your account');
  });

  it('shows a test recorded before refusals had codes as it was recorded', async () => {
    loggedInAs(admin);
    answerTest(aTest({ matched: null, refusal: 'your campus account has no role in this portal' }));
    renderApp(pages.adminSignInTest(TEST_ID));
    const outcome = within(await screen.findByRole('region', { name: 'Outcome' }));
    expect(outcome.getByText(/A real sign-in would be refused:/)).toHaveTextContent('A real sign-in would be refused: your campus account has no role in this portal');
  });

  it('says what failed and the address tried when the provider could not be reached', async () => {
    loggedInAs(admin);
    const address = 'https://idp.campus.example/realms/campus/.well-known/openid-configuration';
    answerTest(aTest({ subject: '', claims: {}, account: null, matched: null, failure: { kind: 'tls', address, detail: 'self-signed certificate' } }));
    renderApp(pages.adminSignInTest(TEST_ID));
    const failed = within(await screen.findByRole('region', { name: 'What failed' }));
    expect(failed.getByRole('alert')).toHaveTextContent('The provider’s certificate is not trusted (TLS)');
    expect(failed.getByText(address)).toBeInTheDocument();
    expect(failed.getByText('self-signed certificate')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Released claims' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Test again' })).toHaveAttribute('href', '/api/v1/auth/campus/start?test=true');
  });

  it('a test that is not there (or another administrator’s) is a 404 leading back to the providers', async () => {
    loggedInAs(admin);
    server.use(http.get(paths.auth.signInTest(TEST_ID), () => fail('not_found')));
    renderApp(pages.adminSignInTest(TEST_ID));
    expect(await screen.findByRole('heading', { name: 'Test not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Campus sign-in' })).toHaveAttribute('href', '/admin/sign-in');
  });
});

describe('the campus sign-in in the audit log', () => {
  it('names the campus directory as who changed an account, and the owner as who linked it', async () => {
    loggedInAs(admin);
    const entries = [
      anEntry({ action: 'user.updated', actor: null, details: { provider: 'Campus account', changes: { semester: { from: 3, to: 4 } } } }),
      anEntry({ action: 'user.linked_identity', actor: personOf(student), details: { provider: 'Campus account' } }),
    ];
    server.use(http.get(paths.admin.audit, () => ok({ entries, nextCursor: null })));
    renderApp(pages.adminAudit());
    const list = within(await screen.findByRole('list', { name: 'Audit entries' }));
    const [updated, linked] = (await list.findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(updated).toHaveTextContent('The campus directory (Campus account) changed Ada Lovelace’s semester from 3 to 4.');
    expect(updated).toHaveTextContent('by the campus directory (Campus account) · about Ada Lovelace');
    expect(linked).toHaveTextContent('Ada Lovelace linked their Campus account.');
  });
});
