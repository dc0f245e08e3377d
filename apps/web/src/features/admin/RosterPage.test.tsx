import { pages } from '@campus/contract/pages';
import { paths } from '@campus/contract/paths';
import type { RosterImport } from '@campus/contract/roster';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { templateCsv } from './roster-help';
import { rosterFileProblem } from './RosterPage';
import { admin, student } from './test-data';

/** An import as the server answers it: `patch` sets its status, counts and lists. */
function anImport(patch: Partial<RosterImport> = {}): RosterImport {
  return {
    _id: `import-${Math.random().toString(36).slice(2)}`,
    kind: 'users',
    dryRun: true,
    status: 'previewed',
    counts: { rows: 0, created: 0, updated: 0, unchanged: 0, removed: 0, errors: 0 },
    errors: [],
    changes: [],
    createdAt: '2026-11-27T09:00:00.000Z',
    ...patch,
  };
}

const csv = (name = 'people.csv', text = 'registrationId,email,fullname,role,semester,branch\n211070123,a@b.c,Ada,student,3,Computer Engineering\n') =>
  new File([text], name, { type: 'text/csv' });

/** The imports endpoint answers each send with the next of `answers`, recording what was sent. */
function importsAnswer(...answers: (RosterImport | (() => Promise<Response> | Response))[]) {
  const sent: { fields: [string, FormDataEntryValue][] }[] = [];
  server.use(
    http.post(paths.admin.createImport, async ({ request }) => {
      const form = await request.formData();
      sent.push({ fields: [...form.entries()] });
      const next = answers.shift();
      if (typeof next === 'function') return next();
      return ok({ import: next }, '', 201);
    }),
  );
  return sent;
}

const fileInput = () => screen.getByLabelText('CSV file');

async function openPage() {
  loggedInAs(admin);
  const view = renderApp(pages.adminRoster);
  await screen.findByRole('heading', { level: 1, name: 'Roster import' });
  return view;
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('/admin/roster', () => {
  it('is in the administration’s nav, and refused to anyone else', async () => {
    loggedInAs(admin);
    server.use(http.get(paths.admin.users, () => ok({ users: [], nextCursor: null })));
    const view = renderApp(pages.adminUsers);
    await userEvent.click(await within(await screen.findByRole('navigation', { name: 'Administration' })).findByRole('link', { name: 'Roster import' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Roster import' })).toBeInTheDocument();
    view.unmount();

    loggedInAs(student);
    renderApp(pages.adminRoster);
    expect(await screen.findByText('The administration pages are for the campus’s administrators.')).toBeInTheDocument();
  });

  it('previews a file with errors: sends kind and dryRun before the file, lists each error by line and column, and applies nothing', async () => {
    const sent = importsAnswer(
      anImport({
        counts: { rows: 20, created: 17, updated: 0, unchanged: 1, removed: 0, errors: 2 },
        errors: [
          { line: 14, column: 'semester', code: 'semester_out_of_range', params: { min: 1, max: 8 }, message: 'Semester "9" must be between 1 and 8', value: '9' },
          { line: 15, column: null, code: 'csv_quote_not_closed', params: {}, message: 'A quoted cell is never closed: add the missing double quote (")', value: null },
        ],
        changes: [{ line: 2, action: 'create', key: '211070123', fields: ['registrationId', 'email'], values: {} }],
      }),
    );
    await openPage();
    await userEvent.click(screen.getByRole('radio', { name: /Users/ }));
    await userEvent.upload(fileInput(), csv());

    const heading = await screen.findByRole('heading', { level: 2, name: 'Preview of people.csv' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.fields.map(([name]) => name)).toEqual(['kind', 'dryRun', 'file']);
    expect(sent[0]!.fields.slice(0, 2)).toEqual([
      ['kind', 'users'],
      ['dryRun', 'true'],
    ]);
    expect(sent[0]!.fields[2]![1]).toMatchObject({ name: 'people.csv' });

    const preview = within(screen.getByRole('region', { name: 'Preview of people.csv' }));
    expect(preview.getByRole('alert')).toHaveTextContent('The preview found 2 rows with errors. Nothing can be applied while the file has errors: fix it and choose it again.');
    const errors = within(preview.getByRole('table', { name: 'Errors' }));
    const rows = errors.getAllByRole('row').slice(1);
    // Each worded by its code, never its English; the cell as the file has it.
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['14', 'semester', 'The semester must be a number from 1 to 8. Found: “9”.']);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['15', 'whole row', 'A quoted cell is never closed: add the missing double quote.']);
    expect(within(preview.getByRole('table', { name: 'What each row does' })).getAllByRole('row')[1]).toHaveTextContent('2New211070123registrationId, email');
    const apply = preview.getByRole('button', { name: 'Apply 17 changes' });
    expect(apply).toBeDisabled();
    expect(apply).toHaveAccessibleDescription('Correct the errors first: a file with any error changes nothing.');
    expect(sent).toHaveLength(1);
  });

  it('applies a clean preview after asking, sending the same file with dryRun=false, then shows what was done', async () => {
    const previewed = anImport({
      counts: { rows: 4, created: 2, updated: 1, unchanged: 1, removed: 0, errors: 0 },
      changes: [
        { line: 2, action: 'create', key: '211070123', fields: ['registrationId', 'email', 'fullname'], values: {} },
        { line: 3, action: 'create', key: '211070124', fields: ['registrationId', 'email', 'fullname'], values: {} },
        { line: 4, action: 'update', key: '211070001', fields: ['semester'], values: {} },
        { line: 5, action: 'unchanged', key: '211070002', fields: [], values: {} },
      ],
    });
    const applied = { ...previewed, _id: 'import-applied', dryRun: false, status: 'applied' as const };
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const sent = importsAnswer(previewed, async () => {
      await answered;
      return ok({ import: applied }, '', 201);
    });
    await openPage();
    await userEvent.upload(fileInput(), csv());
    const preview = within(await screen.findByRole('region', { name: 'Preview of people.csv' }));
    expect(preview.getByRole('status')).toHaveTextContent('Nothing has changed yet. Applying this file would create 2 accounts and update 1 account. 1 row was already as the file says.');
    expect(within(preview.getByRole('table', { name: 'What each row does' })).getAllByRole('row')).toHaveLength(5);

    await userEvent.click(preview.getByRole('button', { name: 'Apply 3 changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply 3 changes?' });
    expect(dialog).toHaveTextContent('As the preview shows, this creates 2 accounts and updates 1 account.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    // While it goes up, the dialog says how far it is.
    expect(await within(dialog).findByText(/Sending the file: \d+%/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    answer();

    const done = await screen.findByRole('heading', { level: 2, name: 'Applied: people.csv' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(done).toHaveFocus());
    const result = within(screen.getByRole('region', { name: 'Applied: people.csv' }));
    expect(result.getByRole('status')).toHaveTextContent('The roster has been applied: it created 2 accounts and updated 1 account. 1 row was already as the file says.');
    expect(result.queryByRole('button', { name: /Apply/ })).toBeNull();
    expect(sent.map((s) => s.fields.slice(0, 2))).toEqual([
      [
        ['kind', 'users'],
        ['dryRun', 'true'],
      ],
      [
        ['kind', 'users'],
        ['dryRun', 'false'],
      ],
    ]);
    expect(sent[1]!.fields[2]![1]).toMatchObject({ name: 'people.csv' });
  });

  it('matches a registrar’s own export to the roster’s columns: proposed from the header, sent with the file, changed, and remembered for the next file', async () => {
    localStorage.clear();
    const typical = 'Sr. No.,Reg. No.,Email ID,Student Name,Sem,Dept,Category\n1,211070123,a@b.c,अनन्या शर्मा,3,Civil Engineering,student\n';
    const sent = importsAnswer(anImport(), anImport(), anImport());
    const view = await openPage();
    await userEvent.upload(fileInput(), csv('export.csv', typical));
    const match = within(await screen.findByRole('region', { name: 'Match the file’s columns' }));
    expect(match.getByLabelText('Reg. No.')).toHaveValue('registrationId');
    expect(match.getByLabelText('Email ID')).toHaveValue('email');
    expect(match.getByLabelText('Student Name')).toHaveValue('fullname');
    expect(match.getByLabelText('Sem')).toHaveValue('semester');
    expect(match.getByLabelText('Dept')).toHaveValue('branch');
    expect(match.getByLabelText('Category')).toHaveValue('role');
    expect(match.getByLabelText('Sr. No.')).toHaveValue('');
    await screen.findByRole('heading', { level: 2, name: 'Preview of export.csv' });
    // The mapping goes before the file, as the server reads it.
    expect(sent[0]!.fields.map(([name]) => name)).toEqual(['kind', 'dryRun', 'columns', 'file']);
    expect(JSON.parse(sent[0]!.fields[2]![1] as string)).toEqual({
      'Sr. No.': null,
      'Reg. No.': 'registrationId',
      'Email ID': 'email',
      'Student Name': 'fullname',
      Sem: 'semester',
      Dept: 'branch',
      Category: 'role',
    });

    // The registrar says the serial number is to be ignored after all, and Category is not the role: previewed again.
    await userEvent.selectOptions(match.getByLabelText('Category'), '');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(JSON.parse(sent[1]!.fields[2]![1] as string)).toMatchObject({ Category: null, 'Reg. No.': 'registrationId' });
    expect(await match.findByRole('status')).toHaveTextContent('No column is matched to role yet.');
    view.unmount();

    // The next file with the same header gets the registrar's choice, not the guess.
    await openPage();
    await userEvent.upload(fileInput(), csv('next.csv', typical));
    const again = within(await screen.findByRole('region', { name: 'Match the file’s columns' }));
    expect(again.getByLabelText('Category')).toHaveValue('');
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(JSON.parse(sent[2]!.fields[2]![1] as string)).toMatchObject({ Category: null });
  });

  it('sends no mapping and shows none for a file whose header names the roster’s columns', async () => {
    localStorage.clear();
    const sent = importsAnswer(anImport());
    await openPage();
    await userEvent.upload(fileInput(), csv('people.csv', 'RegistrationId,email,fullname,role,semester,branch\n'));
    await screen.findByRole('heading', { level: 2, name: 'Preview of people.csv' });
    expect(sent[0]!.fields.map(([name]) => name)).toEqual(['kind', 'dryRun', 'file']);
    expect(screen.queryByRole('region', { name: 'Match the file’s columns' })).toBeNull();
  });

  it('shows each changed row’s values, before and after for an update, and pages a long list', async () => {
    const changes: RosterImport['changes'] = [
      { line: 2, action: 'create', key: '211070123', fields: ['registrationId', 'fullname'], values: { registrationId: 211070123, fullname: 'अनन्या शर्मा' } },
      { line: 3, action: 'update', key: '211070001', fields: ['semester', 'branch'], values: { semester: 4 }, before: { semester: 3, branch: 'Civil Engineering' } },
      ...Array.from({ length: 150 }, (_, i) => ({ line: i + 4, action: 'unchanged' as const, key: String(211080000 + i), fields: [], values: {} })),
    ];
    importsAnswer(anImport({ counts: { rows: 152, created: 1, updated: 1, unchanged: 150, removed: 0, errors: 0 }, changes }));
    await openPage();
    await userEvent.upload(fileInput(), csv());
    const preview = within(await screen.findByRole('region', { name: 'Preview of people.csv' }));
    const table = within(preview.getByRole('table', { name: 'What each row does' }));
    const rows = table.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2New211070123registrationId211070123fullnameअनन्या शर्मा');
    expect(rows[2]).toHaveTextContent('3Changed211070001semester3 → 4branchCivil Engineering → —');
    expect(rows).toHaveLength(101);
    await userEvent.click(preview.getByRole('button', { name: 'Show 52 more of 152' }));
    expect(table.getAllByRole('row')).toHaveLength(153);
  });

  it('invites the new accounts of an applied users file, saying how many invitations went', async () => {
    const previewed = anImport({ counts: { rows: 2, created: 2, updated: 0, unchanged: 0, removed: 0, errors: 0 } });
    importsAnswer(previewed, { ...previewed, _id: 'import-applied', dryRun: false, status: 'applied' });
    const invited: string[] = [];
    server.use(
      http.post('*/admin/imports/:importId/invite', ({ params }) => {
        invited.push(String(params.importId));
        return ok({ invited: 2 }, 'invitations are on their way');
      }),
    );
    await openPage();
    await userEvent.upload(fileInput(), csv());
    const preview = within(await screen.findByRole('region', { name: 'Preview of people.csv' }));
    expect(preview.queryByRole('button', { name: /Invite/ })).toBeNull();
    await userEvent.click(preview.getByRole('button', { name: 'Apply 2 changes' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }));
    const result = within(await screen.findByRole('region', { name: 'Applied: people.csv' }));
    await userEvent.click(result.getByRole('button', { name: 'Invite the 2 new accounts' }));
    expect(await result.findByText('2 invitations are on the way, each valid for 7 days.')).toBeInTheDocument();
    expect(invited).toEqual(['import-applied']);
  });

  it('shows the upload’s progress while the file goes up, and the server’s refusal when it comes', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    importsAnswer(async () => {
      await answered;
      return fail('roster_not_text');
    });
    await openPage();
    await userEvent.click(screen.getByRole('radio', { name: /Enrolments/ }));
    await userEvent.upload(fileInput(), csv('enrolments.csv'));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow');
    expect(fileInput()).toBeDisabled();
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a CSV file saved as UTF-8 text.');
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(fileInput()).toBeEnabled();
  });

  it('says when the lists show only the first 1,000, and counts thousands in the dialog', async () => {
    const changes = Array.from({ length: 1000 }, (_, i) => ({ line: i + 2, action: 'create' as const, key: String(211070000 + i), fields: ['registrationId'], values: {} }));
    importsAnswer(anImport({ counts: { rows: 20_000, created: 20_000, updated: 0, unchanged: 0, removed: 0, errors: 0 }, changes }));
    await openPage();
    await userEvent.upload(fileInput(), csv());
    const preview = within(await screen.findByRole('region', { name: 'Preview of people.csv' }));
    expect(preview.getByRole('table', { name: 'What each row does (the first 1,000 of 20,000)' })).toBeInTheDocument();
    expect(preview.getByRole('region', { name: 'What each row does (the first 1,000 of 20,000)' })).toHaveAttribute('tabindex', '0');
    await userEvent.click(preview.getByRole('button', { name: 'Apply 20,000 changes' }));
    expect(await screen.findByRole('dialog', { name: 'Apply 20,000 changes?' })).toHaveTextContent('this creates 20,000 accounts');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the file no longer applies cleanly: nothing applied, the errors listed', async () => {
    const previewed = anImport({ counts: { rows: 1, created: 1, updated: 0, unchanged: 0, removed: 0, errors: 0 }, changes: [{ line: 2, action: 'create', key: '211070123', fields: ['registrationId'], values: {} }] });
    const refused = anImport({
      dryRun: false,
      status: 'refused',
      counts: { rows: 1, created: 0, updated: 0, unchanged: 0, removed: 0, errors: 1 },
      errors: [{ line: 2, column: 'email', code: 'email_taken', params: {}, message: 'Email is already registered', value: null }],
    });
    importsAnswer(previewed, refused);
    await openPage();
    await userEvent.upload(fileInput(), csv());
    await userEvent.click(await screen.findByRole('button', { name: 'Apply 1 change' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Apply 1 change?' })).getByRole('button', { name: 'Apply' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Not applied: people.csv' });
    await waitFor(() => expect(heading).toHaveFocus());
    const result = within(screen.getByRole('region', { name: 'Not applied: people.csv' }));
    expect(result.getByRole('alert')).toHaveTextContent('Nothing was applied: applying found 1 row with an error. Fix the file and choose it again.');
    expect(within(result.getByRole('table', { name: 'Errors' })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'email', 'That email address already belongs to an account.']);
    expect(result.queryByRole('button', { name: /Apply/ })).toBeNull();
  });

  it('offers nothing to apply when every row is already so', async () => {
    importsAnswer(anImport({ counts: { rows: 1, created: 0, updated: 0, unchanged: 1, removed: 0, errors: 0 }, changes: [{ line: 2, action: 'unchanged', key: '211070001', fields: [], values: {} }] }));
    await openPage();
    await userEvent.upload(fileInput(), csv());
    const preview = within(await screen.findByRole('region', { name: 'Preview of people.csv' }));
    expect(preview.getByRole('status')).toHaveTextContent('Every row is already as the file says: there is nothing to apply.');
    expect(preview.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('refuses a file that is not a CSV, or empty, before sending it', async () => {
    const sent = importsAnswer();
    await openPage();
    // accept= would hide it in a real picker; a drop or another picker can still bring one.
    await userEvent.upload(fileInput(), new File(['%PDF'], 'people.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a roster file that is a CSV file.');
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
    expect(rosterFileProblem(new File([''], 'empty.csv', { type: 'text/csv' }))).toBe('That file is empty. Choose another roster file.');
    // Excel's own type for a CSV, on some systems: the name says what it is.
    expect(rosterFileProblem(new File(['a'], 'people.CSV', { type: 'application/vnd.ms-excel' }))).toBeNull();
  });

  it('takes a file dropped on the drop zone', async () => {
    const sent = importsAnswer(anImport({ kind: 'courses', counts: { rows: 1, created: 1, updated: 0, unchanged: 0, removed: 0, errors: 0 } }));
    await openPage();
    await userEvent.click(screen.getByRole('radio', { name: /Courses/ }));
    const zone = screen.getByText('Drop the courses file here, or choose it.').parentElement!;
    const files = [csv('courses.csv')];
    fireEvent.drop(zone, { dataTransfer: { files: Object.assign(files, { item: (i: number) => files[i] }), types: ['Files'] } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Preview of courses.csv' })).toBeInTheDocument();
    expect(sent[0]!.fields[0]).toEqual(['kind', 'courses']);
  });

  it('downloads each kind’s template, made in the browser: the header in template order and an example row', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:template-${blobs.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await openPage();
    // What each column takes is folded away at first, a click away.
    const help = within(screen.getByRole('region', { name: 'Columns of a users file' })).getByText('What each column takes');
    expect(help.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(help);
    expect(help.closest('details')).toHaveAttribute('open');
    expect(help.closest('details')).toHaveTextContent('registrationIdThe person’s registration id, at least 9 digits.');
    await userEvent.click(screen.getByRole('button', { name: 'Download the users template' }));
    await userEvent.click(screen.getByRole('radio', { name: /Courses/ }));
    const columns = screen.getByRole('region', { name: 'Columns of a courses file' });
    expect(within(columns).getByText('examDate').parentElement).toHaveTextContent('optional');
    await userEvent.click(screen.getByRole('button', { name: 'Download the courses template' }));

    expect(names).toEqual(['roster-users.csv', 'roster-courses.csv']);
    const [users, courses] = await Promise.all(blobs.map((b) => b.text()));
    expect(users).toBe('registrationId,email,fullname,role,semester,branch,status\n211070123,ada.lovelace@campus.example,Ada Lovelace,student,3,Computer Engineering,active\n');
    expect(courses!.split('\n')[0]).toBe('coursenumber,title,description,semester,branch,owner,examDate,examStart,examEnd,examCentre');
    // A cell with a comma is quoted.
    expect(courses!.split('\n')[1]).toMatch(/^211071001,Data Structures,"Lists, stacks, trees and graphs, and what each costs\.",3,Computer Engineering,211070001,\d{4}-05-14,09:30,12:30,"Main Block, Hall 2"$/);
    expect(templateCsv('enrolments')).toBe('coursenumber,registrationId,status\n211071001,211070123,active\n');
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledTimes(2));
  });
});
