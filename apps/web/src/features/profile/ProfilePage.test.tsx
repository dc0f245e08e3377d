import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent, campusAccount } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

describe('ProfilePage', () => {
  it('shows the role label and every field as text', async () => {
    loggedInAs(aStudent());
    renderApp('/update-account');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByText('Student')).toBeInTheDocument();
    for (const text of ['Ada Lovelace', '211070001', 'ada@example.com', '3', 'Computer Engineering']) {
      expect(main.getByText(text)).toBeInTheDocument();
    }
    expect(main.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/change-password');
  });

  it('says Professor for a professor', async () => {
    loggedInAs(aProfessor());
    renderApp('/update-account');
    expect(await within(await screen.findByRole('main')).findByText('Professor')).toBeInTheDocument();
  });

  it('Edit, change, Save: sends JSON {email, fullname, branch, semester}, returns to viewing, updates the header', async () => {
    let sent: unknown;
    loggedInAs(aStudent());
    server.use(
      http.patch(paths.users.updateAccount, async ({ request }) => {
        sent = await request.json();
        return ok({ user: aStudent(sent as object) }, 'account updated successfully');
      }),
    );
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada King');
    await userEvent.selectOptions(screen.getByLabelText('Semester'), '6');
    await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Textile Engineering');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Success');
    expect(banner).toHaveTextContent('Your account has been updated.');
    expect(sent).toEqual({ email: 'ada@example.com', fullname: 'Ada King', branch: 'Textile Engineering', semester: 6 });
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Ada King')).toBeInTheDocument();
    expect(main.getByText('6')).toBeInTheDocument();
    expect(main.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ada King/ })).toHaveTextContent('Ada King');
  });

  it('asks for the current password only when the email changes, and sends it then', async () => {
    let sent: unknown;
    loggedInAs(aStudent());
    server.use(
      http.patch(paths.users.updateAccount, async ({ request }) => {
        sent = await request.json();
        return ok({ user: aStudent({ pendingEmail: 'ada@new.example' }) }, 'account updated; the new email address takes effect once the link sent to it is opened');
      }),
    );
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ADA@example.com');
    // The same address in other letters is no new address.
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@new.example');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await userEvent.type(screen.getByLabelText('Current password'), 'my secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('A confirmation link was sent to ada@new.example. Your email stays ada@example.com until you open that link (within 24 hours).');
    expect(sent).toEqual({ email: 'ada@new.example', currentPassword: 'my secret words', fullname: 'Ada Lovelace', branch: 'Computer Engineering', semester: 3 });
    const main = within(screen.getByRole('main'));
    expect(main.getByText('ada@example.com')).toBeInTheDocument();
    expect(main.getByText('ada@new.example — waiting for confirmation')).toBeInTheDocument();
  });

  it('drops the password again when the email goes back to the current one', async () => {
    let sent: unknown;
    loggedInAs(aStudent());
    server.use(
      http.patch(paths.users.updateAccount, async ({ request }) => {
        sent = await request.json();
        return ok({ user: aStudent() }, 'account updated successfully');
      }),
    );
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    await userEvent.type(screen.getByLabelText('Current password'), 'typed by mistake');
    await userEvent.type(screen.getByLabelText('Email'), '{Backspace}');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your account has been updated.');
    expect(sent).toEqual({ email: 'ada@example.com', fullname: 'Ada Lovelace', branch: 'Computer Engineering', semester: 3 });
  });

  it('with mail off the new email is the email at once: the server says so', async () => {
    loggedInAs(aStudent());
    server.use(http.patch(paths.users.updateAccount, () => ok({ user: aStudent({ email: 'ada@new.example' }) }, 'account updated successfully')));
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@new.example');
    await userEvent.type(screen.getByLabelText('Current password'), 'my secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your account has been updated.');
    const main = within(screen.getByRole('main'));
    expect(main.getByText('ada@new.example')).toBeInTheDocument();
    expect(main.queryByText(/waiting for confirmation/)).toBeNull();
  });

  it('shows a wrong password refused by the server and keeps editing', async () => {
    loggedInAs(aStudent());
    server.use(http.patch(paths.users.updateAccount, () => fail('field_incorrect', { field: 'currentPassword' })));
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@new.example');
    await userEvent.type(screen.getByLabelText('Current password'), 'not my password');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That current password is not right.');
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('shows an address waiting for confirmation beside the email', async () => {
    loggedInAs(aStudent({ pendingEmail: 'ada@new.example' }));
    renderApp('/update-account');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByText('ada@new.example — waiting for confirmation')).toBeInTheDocument();
    expect(main.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('checks the fields with the contract before sending', async () => {
    let sent = false;
    loggedInAs(aStudent());
    server.use(
      http.patch(paths.users.updateAccount, () => {
        sent = true;
        return ok({ user: aStudent() });
      }),
    );
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your full name.')).toBeInTheDocument();
    expect(screen.getByText('Enter an email address like name@example.com.')).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('keeps editing and shows the refusal when the server says no', async () => {
    loggedInAs(aStudent());
    server.use(http.patch(paths.users.updateAccount, () => fail('email_taken')));
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That email address already belongs to an account.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('Save is disabled while the change is on its way', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    loggedInAs(aStudent());
    server.use(
      http.patch(paths.users.updateAccount, async () => {
        await answered;
        return ok({ user: aStudent() }, 'account updated successfully');
      }),
    );
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    answer();
    expect(await screen.findByRole('status')).toHaveTextContent('Your account has been updated.');
  });

  it.each(['/update-account', '/update-avatar', '/change-password'])('sends a logged-out visitor from %s to /login', async (path) => {
    const { where } = renderApp(path);
    await screen.findByRole('heading', { name: 'Log in' });
    await waitFor(() => expect(where.pathname).toBe('/login'));
  });
});

describe('ProfilePage focus', () => {
  it('Edit puts focus in the first field; Cancel and Save give it back to Edit', async () => {
    loggedInAs(aStudent());
    server.use(http.patch(paths.users.updateAccount, async ({ request }) => ok({ user: aStudent((await request.json()) as object) }, 'account updated successfully')));
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your account has been updated.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
  });
});

describe('ProfilePage for an account the registrar’s roster keeps', () => {
  const managed = () => aStudent({ managed: true, semester: 4, branch: 'Civil Engineering' });

  it('shows the full name, semester and branch as set by the registrar, and says whom to ask', async () => {
    loggedInAs(managed());
    renderApp('/update-account');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(main.getAllByText('(Set by the registrar)')).toHaveLength(3);
    for (const label of ['Full name', 'Semester', 'Branch']) expect(main.getByText(label).nextElementSibling).toHaveTextContent('(Set by the registrar)');
    expect(main.getByText('Email').nextElementSibling).not.toHaveTextContent('registrar');
    expect(main.getByText(/come from the registrar’s roster: ask the registrar to correct them/)).toBeInTheDocument();
  });

  it('edits only the email: the registrar’s fields are text, sent back unchanged', async () => {
    let sent: unknown;
    loggedInAs(managed());
    server.use(
      http.patch(paths.users.updateAccount, async ({ request }) => {
        sent = await request.json();
        return ok({ user: managed() }, 'account updated successfully');
      }),
    );
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.queryByLabelText('Semester')).toBeNull();
    expect(screen.queryByLabelText('Branch')).toBeNull();
    const kept = within(screen.getByRole('region', { name: 'Set by the registrar' }));
    expect(kept.getByText('Civil Engineering')).toBeInTheDocument();
    expect(kept.getByText('4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your account has been updated.');
    expect(sent).toEqual({ email: 'ada@example.com', fullname: 'Ada Lovelace', branch: 'Civil Engineering', semester: 4 });
  });

  it('says a refused change of a registrar’s field as a sentence', async () => {
    loggedInAs(managed());
    server.use(http.patch(paths.users.updateAccount, () => fail('set_by_registrar', { field: 'semester' })));
    renderApp('/update-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The registrar sets your semester: ask the registrar to change it.');
  });
});

describe('ProfilePage after a campus sign-in', () => {
  it('says which provider the session came from, and still says it after a change is saved', async () => {
    loggedInAs({ ...aStudent(), signedInWith: campusAccount });
    server.use(http.patch(paths.users.updateAccount, () => ok({ user: aStudent({ fullname: 'Ada King' }) }, 'account updated successfully')));
    renderApp('/update-account');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByText('Signed in with Campus account')).toBeInTheDocument();
    await userEvent.click(main.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada King');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await main.findByText('Ada King')).toBeInTheDocument();
    // The answer is the user alone: how the session began is kept from before.
    expect(main.getByText('Signed in with Campus account')).toBeInTheDocument();
  });

  it('says nothing of it after a password login', async () => {
    loggedInAs(aStudent());
    renderApp('/update-account');
    const main = within(await screen.findByRole('main'));
    await main.findByText('Student');
    expect(main.queryByText(/Signed in with/)).toBeNull();
  });
});
