import type { AuditEntry } from '@campus/contract/audit';
import { pages } from '@campus/contract/pages';
import { paths } from '@campus/contract/paths';
import type { User } from '@campus/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { admin, anEntry, personOf, professor, student } from './test-data';

const nav = async () => within(await screen.findByRole('navigation', { name: 'Main' }));

/** The users search answers `pages[cursor]`, recording every query it was sent. */
function usersAnswer(byCursor: Record<string, { users: User[]; nextCursor: string | null }>) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(paths.admin.users, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return ok(byCursor[query.get('cursor') ?? ''] ?? { users: [], nextCursor: null });
    }),
  );
  return asked;
}

/** The audit log answers these entries for any filter, recording the queries. */
function auditAnswer(entries: AuditEntry[], nextCursor: string | null = null) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(paths.admin.audit, ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return ok({ entries, nextCursor });
    }),
  );
  return asked;
}

describe('who sees the administration', () => {
  it('an administrator has Administration in the header; a student neither has it nor gets the page', async () => {
    loggedInAs(admin);
    usersAnswer({ '': { users: [], nextCursor: null } });
    const view = renderApp(pages.home);
    await userEvent.click(await (await nav()).findByRole('link', { name: 'Administration' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    view.unmount();

    loggedInAs(student);
    renderApp(pages.adminUsers);
    // No admin call is made (an unexpected request fails the test): the page says who it is for.
    expect(await screen.findByText('The administration pages are for the campus’s administrators.')).toBeInTheDocument();
    expect((await nav()).queryByRole('link', { name: 'Administration' })).toBeNull();
  });

  it('the audit log and a user page are refused the same way to a professor', async () => {
    loggedInAs(professor);
    const view = renderApp(pages.adminAudit());
    expect(await screen.findByText('The administration pages are for the campus’s administrators.')).toBeInTheDocument();
    view.unmount();
    renderApp(pages.adminUser(student._id));
    expect(await screen.findByText('The administration pages are for the campus’s administrators.')).toBeInTheDocument();
  });
});

describe('/admin/users', () => {
  it('searches by what is typed, filters by role and state, and keeps it all in the URL', async () => {
    loggedInAs(admin);
    const asked = usersAnswer({ '': { users: [student], nextCursor: null } });
    const { where } = renderApp(pages.adminUsers);
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'love{Enter}');
    await waitFor(() => expect(where.search).toBe('?q=love'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'lace');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where.search).toBe('?q=lovelace'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Students');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Deactivated');
    await waitFor(() => expect(where.search).toBe('?q=lovelace&role=student&active=false'));
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('q=lovelace&role=student&active=false'));
  });

  it('opened with filters in the URL (a reload, Back) shows them and asks for them', async () => {
    loggedInAs(admin);
    const asked = usersAnswer({ '': { users: [student], nextCursor: null } });
    renderApp(`${pages.adminUsers}?q=2110&role=examOffice&active=true&role=dean`);
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('2110');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('examOffice');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('true');
    expect(asked[0]?.toString()).toBe('q=2110&role=examOffice&active=true');
  });

  it('pages with More, each row leading to the user page', async () => {
    loggedInAs(admin);
    const second = aUser({ _id: '5f0c7d1e-0000-4000-8000-000000000042', fullname: 'Alan Turing', registrationId: 211070042, email: 'alan@example.com', active: false });
    const asked = usersAnswer({ '': { users: [student], nextCursor: 'next-1' }, 'next-1': { users: [second], nextCursor: null } });
    renderApp(pages.adminUsers);
    const list = await screen.findByRole('list', { name: 'Users found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'More users' }));
    const turing = await within(list).findByRole('link', { name: 'Alan Turing' });
    expect(turing).toHaveAttribute('href', pages.adminUser(second._id));
    expect(turing.closest('li')).toHaveTextContent('Deactivated');
    expect(asked.map((q) => q.get('cursor'))).toEqual([null, 'next-1']);
    expect(screen.queryByRole('button', { name: 'More users' })).toBeNull();
  });

  it('says when nothing matches, and a failed search with Retry', async () => {
    loggedInAs(admin);
    let failing = true;
    server.use(http.get(paths.admin.users, () => (failing ? fail('internal_error') : ok({ users: [], nextCursor: null }))));
    renderApp(pages.adminUsers);
    const retry = await screen.findByRole('button', { name: /Try again|Retry/ });
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No users match.')).toBeInTheDocument();
  });
});

describe('/admin/users/:userId', () => {
  const open = (user: User, entries: AuditEntry[] = []) => {
    loggedInAs(admin);
    const patches: unknown[] = [];
    let current = user;
    server.use(
      http.get(paths.admin.user(user._id), () => ok({ user: current })),
      http.patch(paths.admin.updateUser(user._id), async ({ request }) => {
        const body = (await request.json()) as Partial<User>;
        patches.push(body);
        current = { ...current, ...body };
        return ok({ user: current }, 'user updated successfully');
      }),
    );
    const audit = auditAnswer(entries);
    return { patches, audit, ...renderApp(pages.adminUser(user._id)) };
  };

  it('shows the details, roles, state and what the audit trail says of the user', async () => {
    const { audit } = open(student, [anEntry({ action: 'user.deactivated', actor: personOf(admin), details: {} })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Registration ID: 211070001')).toBeInTheDocument();
    const entries = await screen.findByRole('list', { name: 'Audit entries about Ada Lovelace' });
    expect(entries).toHaveTextContent('Campus Admin deactivated Ada Lovelace’s account.');
    expect(audit[0]?.get('target')).toBe(student._id);
    expect(screen.getByRole('link', { name: 'What Ada Lovelace did' })).toHaveAttribute('href', pages.adminAudit({ actor: student._id }));
  });

  it('deactivates only after a confirmation that says their sessions end at once', async () => {
    const { patches } = open(student);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ada Lovelace?' });
    expect(dialog).toHaveTextContent('Their sessions end at once');
    expect(patches).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Ada Lovelace is deactivated. Their sessions have ended.')).toBeInTheDocument();
    expect(patches).toEqual([{ active: false }]);
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });

  it('Cancel changes nothing', async () => {
    const { patches } = open(student);
    await userEvent.click(await screen.findByRole('button', { name: 'Make administrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Ada Lovelace an administrator?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toEqual([]);
  });

  it('the last administrator refused (409) is said in words, in the dialog', async () => {
    loggedInAs(admin);
    server.use(
      http.get(paths.admin.user(admin._id), () => ok({ user: admin })),
      http.patch(paths.admin.updateUser(admin._id), () => fail('last_admin')),
    );
    auditAnswer([]);
    renderApp(pages.adminUser(admin._id));
    expect(await screen.findByText('This is your own account.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove administrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Campus Admin as administrator?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove administrator' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone must stay in charge: the last active administrator can be neither removed as administrator nor deactivated.',
    );
  });

  it('edits the details and sends only what changed', async () => {
    const { patches } = open(student);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(name).toHaveFocus();
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Semester' }), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The user has been updated.')).toBeInTheDocument();
    expect(patches).toEqual([{ fullname: 'Ada King', semester: 4 }]);
    expect(screen.getByRole('button', { name: 'Edit details' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Ada King' })).toBeInTheDocument();
  });

  it('a field the contract refuses is said under it, and nothing is sent', async () => {
    const { patches } = open(student);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an email address like name@example.com.')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('sends a reset link; with mail off the server’s 503 is said plainly, and the page says so before asking', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ mailEnabled: true }))));
    open(student);
    let answer = () => fail('reset_unavailable');
    server.use(http.post(paths.admin.resetLink(student._id), () => answer()));
    await userEvent.click(await screen.findByRole('button', { name: 'Send a reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This portal cannot send emails');
    answer = () => ok({}, 'a reset link is on its way to the user’s email');
    await userEvent.click(screen.getByRole('button', { name: 'Send a reset link' }));
    expect(await screen.findByText('A link to set a new password is on its way to their email.')).toBeInTheDocument();
  });

  it('invites an account the roster made; an account with a password is told to get a reset link instead', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ mailEnabled: true }))));
    const rostered = { ...student, managed: true };
    open(rostered);
    let answer = () => fail('invite_has_password');
    server.use(http.post(paths.admin.invite(student._id), () => answer()));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account already has a password, so it needs no invitation. Send a reset link instead.');
    answer = () => ok({}, 'an invitation is on its way to the user’s email');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('An invitation to set their password is on its way to their email. It works for 7 days.')).toBeInTheDocument();
  });

  it('offers no invitation to an account made by public signup (it has a password)', async () => {
    server.use(http.get(paths.config, () => ok(aConfig({ mailEnabled: true }))));
    open({ ...student, managed: false });
    expect(await screen.findByRole('button', { name: 'Send a reset link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
  });

  it('with mail off there is no button, only the reason', async () => {
    open(student);
    expect(await screen.findByText('This portal sends no email, so it cannot send Ada Lovelace a link to set a password.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a reset link' })).toBeNull();
  });

  it('an unknown user is a not-found page leading back to the users', async () => {
    loggedInAs(admin);
    server.use(http.get(paths.admin.user('nobody'), () => fail('user_not_found')));
    auditAnswer([]);
    renderApp(pages.adminUser('nobody'));
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', pages.adminUsers);
  });
});

describe('/admin/audit', () => {
  it('filters by action and by a person followed from an entry, in the URL', async () => {
    loggedInAs(admin);
    const asked = auditAnswer([anEntry()], 'more');
    const { where } = renderApp(pages.adminAudit());
    const list = await screen.findByRole('list', { name: 'Audit entries' });
    expect(list).toHaveTextContent('Grace Hopper removed Ada Lovelace from Thermodynamics (course 101).');
    expect(list).toHaveTextContent('from 203.0.113.7');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Removed from a course');
    await waitFor(() => expect(where.search).toBe('?action=course.student_removed'));
    await userEvent.click(within(await screen.findByRole('list', { name: 'Audit entries' })).getByRole('link', { name: 'Entries by Grace Hopper' }));
    await waitFor(() => expect(where.search).toBe(`?actor=${professor._id}&action=course.student_removed`));
    expect(await screen.findByText(/Done by Grace Hopper/)).toBeInTheDocument();
    expect(asked.at(-1)?.toString()).toBe(`actor=${professor._id}&action=course.student_removed`);
    await userEvent.click(screen.getByRole('button', { name: 'More entries' }));
    await waitFor(() => expect(asked.at(-1)?.get('cursor')).toBe('more'));
  });
});

describe('/activity (My activity)', () => {
  it('is reached from the profile and says who did what to me, newest first, with More', async () => {
    loggedInAs(student);
    const pagesAsked: (string | null)[] = [];
    server.use(
      http.get(paths.users.activity, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        pagesAsked.push(cursor);
        return cursor
          ? ok({ entries: [anEntry({ action: 'user.password_changed', actor: personOf(student), details: {}, at: '2026-11-20T08:00:00.000Z' })], nextCursor: null })
          : ok({ entries: [anEntry()], nextCursor: 'older' });
      }),
    );
    renderApp(pages.updateAccount);
    await userEvent.click(await screen.findByRole('link', { name: 'My activity' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My activity' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your activity' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Grace Hopper removed you from Thermodynamics (course 101).');
    await userEvent.click(screen.getByRole('button', { name: 'More entries' }));
    expect(await within(list).findByText('You changed your password.')).toBeInTheDocument();
    expect(pagesAsked).toEqual([null, 'older']);
  });

  it('says when there is nothing yet', async () => {
    loggedInAs(student);
    server.use(http.get(paths.users.activity, () => ok({ entries: [], nextCursor: null })));
    renderApp(pages.activity);
    expect(await screen.findByText('Nothing has been recorded about your account yet.')).toBeInTheDocument();
  });
});
