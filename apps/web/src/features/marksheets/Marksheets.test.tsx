import { pages } from '@campus/contract/pages';
import type { Application, Marksheet } from '@campus/contract/marksheets';
import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { aPng, aProfessor, aStudent, theExamOffice } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

const student = aStudent({ semester: 4 });
const sheet = (semester: number): Marksheet => ({ _id: `m${semester}`, semester, marksheet: `/files/sheet-${semester}`, owner: student._id, createdAt: '2026-11-01T00:00:00.000Z' });
const request = (semester: number, replied = false, who = student): Application => ({
  _id: `a${who._id}-${semester}`,
  from: who._id,
  applicant: { fullname: who.fullname, registrationId: who.registrationId },
  content: `Ada Lovelace (211070001) requests the marksheet of semester ${semester}`,
  semester,
  replied,
  declined: false,
  reason: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

describe('/marksheet (students)', () => {
  const rowOf = (semester: number) => screen.getByText(`Semester ${semester}`).closest('li') as HTMLElement;
  // Her requests, for the reasons of declined ones: none unless a test says otherwise.
  beforeEach(() => server.use(http.get(paths.applications.ofUser(student._id), () => ok({ allapplications: [] }))));

  it("shows why a request was declined, and lets her apply again", async () => {
    loggedInAs(student);
    const declined: Application = { ...request(2, true), declined: true, reason: 'Fees for semester 2 are unpaid' };
    let asked: unknown = null;
    server.use(
      http.get(paths.applications.semestersApplied, () => ok({ listofsemesterapplied: [] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [] })),
      http.get(paths.applications.ofUser(student._id), () => ok({ allapplications: [declined] })),
      http.post(paths.applications.create, async ({ request: r }) => {
        asked = await r.json();
        return ok({ application: request(2) }, 'application created successfully', 201);
      }),
    );
    renderApp('/marksheet');
    await screen.findByText('Semester 8');
    expect(within(rowOf(2)).getByText('The exam office declined your request: Fees for semester 2 are unpaid. You can apply again.')).toBeInTheDocument();
    expect(within(rowOf(1)).queryByText(/declined/)).toBeNull();
    await userEvent.click(within(rowOf(2)).getByRole('button', { name: 'Apply for the marksheet of semester 2' }));
    await waitFor(() => expect(asked).toEqual({ semester: 2 }));
  });

  it('shows eight semesters: View when the marksheet exists, Applied while asked, else Apply', async () => {
    loggedInAs(student);
    server.use(
      http.get(paths.applications.semestersApplied, () => ok({ listofsemesterapplied: [1, 2] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [sheet(1)] })),
    );
    renderApp('/marksheet');
    await screen.findByText('Semester 8');
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    // View opens the in-app viewer (not a download); Download is its own link.
    expect(within(rowOf(1)).getByRole('link', { name: 'View the marksheet of semester 1' })).toHaveAttribute('href', pages.view('/files/sheet-1', 'Marksheet – semester 1'));
    expect(within(rowOf(1)).getByRole('link', { name: 'Download the marksheet of semester 1' })).toHaveAttribute('href', '/files/sheet-1');
    expect(within(rowOf(2)).getByText('Applied')).toBeInTheDocument();
    expect(within(rowOf(3)).getByRole('button', { name: /Apply/ })).toBeInTheDocument();
    // Beside the file, its signed QR code: a link to /verify with the token in the fragment.
    const code = await within(rowOf(1)).findByRole('img', { name: 'QR code of the marksheet of semester 1' });
    expect(Number(code.getAttribute('data-version'))).toBeGreaterThan(1);
    expect(within(rowOf(2)).queryByRole('img')).toBeNull();
  });

  it("applies for a semester up to the student's own; above it Apply is disabled and the page says why", async () => {
    let applied: number[] = [];
    const asked: unknown[] = [];
    loggedInAs(student);
    server.use(
      http.get(paths.applications.semestersApplied, () => ok({ listofsemesterapplied: applied })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [] })),
      http.post(paths.applications.create, async ({ request: r }) => {
        const body = (await r.json()) as { semester: number };
        asked.push(body);
        applied = [body.semester];
        return ok({ application: request(body.semester) }, 'application created successfully', 201);
      }),
    );
    renderApp('/marksheet');
    await screen.findByText('Semester 8');
    const reason = screen.getByText('You can request marksheets up to semester 4, your current semester.');
    for (const semester of [5, 6, 7, 8]) {
      const apply = within(rowOf(semester)).getByRole('button', { name: /Apply/ });
      expect(apply).toBeDisabled();
      expect(apply).toHaveAccessibleDescription(reason.textContent!);
    }
    await userEvent.click(within(rowOf(6)).getByRole('button', { name: /Apply/ }));
    expect(asked).toEqual([]);
    expect(within(rowOf(4)).getByRole('button', { name: /Apply/ })).toBeEnabled();
    await userEvent.click(within(rowOf(3)).getByRole('button', { name: /Apply/ }));
    expect(await within(rowOf(3)).findByText('Applied')).toBeInTheDocument();
    expect(asked).toEqual([{ semester: 3 }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal", async () => {
    loggedInAs(student);
    server.use(
      http.get(paths.applications.semestersApplied, () => ok({ listofsemesterapplied: [] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [] })),
      http.post(paths.applications.create, () => fail('already_applied')),
    );
    renderApp('/marksheet');
    await screen.findByText('Semester 8');
    await userEvent.click(within(rowOf(1)).getByRole('button', { name: /Apply/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already asked for this semester’s marksheet.');
  });

  it('is for students only', async () => {
    loggedInAs(aProfessor());
    renderApp('/marksheet');
    expect(await screen.findByText('Marksheets are requested by students, from this page.')).toBeInTheDocument();
  });
});

describe('/applications and /applicant/:id (the exam office)', () => {
  it('groups requests by student: name, registration id, open requests each with an Upload action, and answered ones', async () => {
    const grace = aStudent({ _id: '5f0c7d1e-0000-4000-8000-0000000000aa', fullname: 'Grace Student', registrationId: 211070042 });
    loggedInAs(theExamOffice());
    // The server's order: open first, oldest first; Ada asked twice, Grace once, Ada's semester 1 is answered.
    server.use(http.get(paths.applications.all, () => ok({ allapplications: [request(3), request(2, false, grace), request(4), request(1, true)] })));
    renderApp('/applications');
    const groups = within(await screen.findByRole('list', { name: 'Requests by student' }));
    const ada = groups.getByRole('listitem', { name: 'Ada Lovelace' });
    const other = groups.getByRole('listitem', { name: 'Grace Student' });
    expect(screen.getByText('3 open requests from 2 students')).toBeInTheDocument();
    expect(ada).toHaveTextContent('Registration ID: 211070001');
    expect(other).toHaveTextContent('Registration ID: 211070042');
    const adaOpen = within(within(ada).getByRole('list', { name: 'Open requests of Ada Lovelace' })).getAllByRole('listitem');
    expect(adaOpen.map((li) => li.textContent)).toEqual([expect.stringMatching(/^Semester 3/), expect.stringMatching(/^Semester 4/)]);
    expect(within(ada).getByText('Answered: semester 1')).toBeInTheDocument();
    expect(within(ada).getByRole('link', { name: 'Open applicant' })).toHaveAttribute('href', `/applicant/${student._id}`);
    expect(within(ada).getByRole('link', { name: 'Upload marksheet of semester 4 for Ada Lovelace' })).toHaveAttribute('href', `/applicant/${student._id}?semester=4`);
    expect(within(other).getByRole('link', { name: 'Upload marksheet of semester 2 for Grace Student' })).toHaveAttribute('href', `/applicant/${grace._id}?semester=2`);
  });

  it('says so when nothing is open, and offers Retry when the list fails', async () => {
    let failing = true;
    loggedInAs(theExamOffice());
    server.use(http.get(paths.applications.all, () => (failing ? fail('too_many_requests') : ok({ allapplications: [request(1, true)] }))));
    renderApp('/applications');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have done that many times just now. Wait a little and try again.');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No open requests')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upload the marksheet/ })).toBeNull();
  });

  it('is the exam office’s only', async () => {
    loggedInAs(aProfessor());
    renderApp('/applications');
    expect(await screen.findByText('Marksheet requests are answered by the exam office.')).toBeInTheDocument();
  });

  it('shows the applicant, their open requests and marksheets, and uploads with semesters up to theirs and a progress bar', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let received: { semester: string; file: File } | null = null;
    let sheets: Marksheet[] = [sheet(1)];
    loggedInAs(theExamOffice());
    server.use(
      http.get(paths.users.getUser(student._id), () => ok({ user: student })),
      http.get(paths.applications.ofUser(student._id), () => ok({ allapplications: [request(3), request(1, true)] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: sheets })),
      http.post(paths.marksheets.create(student._id), async ({ request: r }) => {
        const form = await r.formData();
        received = { semester: String(form.get('semester')), file: form.get('marksheet') as File };
        await answered;
        sheets = [sheet(1), sheet(3)];
        return ok({ marksheet: sheet(3) }, 'marksheet uploaded successfully', 201);
      }),
    );
    renderApp(`/applicant/${student._id}`);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload the marksheet of semester 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the marksheet of semester 1' })).toHaveAttribute('href', pages.view('/files/sheet-1', 'Marksheet – semester 1'));
    const semester = screen.getByLabelText('Semester');
    expect(within(semester).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', '1', '2', '3', '4']);
    // Not the applicant's own semester (4): the one they asked for.
    expect(semester).toHaveValue('3');
    await userEvent.upload(screen.getByLabelText('Marksheet file'), new File(['%PDF-1.4'], 'm.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload marksheet' }));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('status')).toHaveTextContent('Marksheet uploaded.');
    expect(received).toMatchObject({ semester: '3', file: { name: 'm.pdf' } });
    expect(await screen.findByRole('link', { name: 'View the marksheet of semester 3' })).toBeInTheDocument();
  });

  it('after an upload the file and the semester are cleared: a second click sends nothing', async () => {
    let sent = 0;
    loggedInAs(theExamOffice());
    server.use(
      http.get(paths.users.getUser(student._id), () => ok({ user: student })),
      http.get(paths.applications.ofUser(student._id), () => ok({ allapplications: [request(3)] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: sent ? [sheet(3)] : [] })),
      http.post(paths.marksheets.create(student._id), () => {
        sent += 1;
        return ok({ marksheet: sheet(3) }, 'marksheet uploaded successfully', 201);
      }),
    );
    renderApp(`/applicant/${student._id}`);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    await userEvent.upload(screen.getByLabelText('Marksheet file'), new File(['%PDF-1.4'], 'm.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload marksheet' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Marksheet uploaded.');
    expect(sent).toBe(1);
    await waitFor(() => expect(screen.getByLabelText('Semester')).toHaveValue(''));
    expect((screen.getByLabelText('Marksheet file') as HTMLInputElement).files).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Upload marksheet' }));
    expect(await screen.findByText('Choose a semester.')).toBeInTheDocument();
    expect(sent).toBe(1);
  });

  it('asks "Replace the marksheet for semester N?" before replacing one, and sends only once confirmed', async () => {
    const received: string[] = [];
    loggedInAs(theExamOffice());
    server.use(
      http.get(paths.users.getUser(student._id), () => ok({ user: student })),
      http.get(paths.applications.ofUser(student._id), () => ok({ allapplications: [] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [sheet(1)] })),
      http.post(paths.marksheets.create(student._id), async ({ request: r }) => {
        received.push(String((await r.formData()).get('semester')));
        return ok({ marksheet: sheet(1) }, 'marksheet uploaded successfully', 201);
      }),
    );
    renderApp(`/applicant/${student._id}`);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    const pick = async () => {
      await userEvent.selectOptions(screen.getByLabelText('Semester'), '1');
      await userEvent.upload(screen.getByLabelText('Marksheet file'), new File(['%PDF-1.4'], 'm.pdf', { type: 'application/pdf' }));
      await userEvent.click(screen.getByRole('button', { name: 'Upload marksheet' }));
    };
    await pick();
    const dialog = await screen.findByRole('dialog', { name: 'Replace the marksheet for semester 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(received).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Upload marksheet' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace marksheet' }));
    await waitFor(() => expect(received).toEqual(['1']));
    await waitFor(() => expect(screen.getByLabelText('Semester')).toHaveValue(''));
  });

  it('declines an open request with a reason the student reads; a reason is required', async () => {
    let body: unknown = null;
    loggedInAs(theExamOffice());
    const open = request(3);
    server.use(
      http.get(paths.users.getUser(student._id), () => ok({ user: student })),
      http.get(paths.applications.ofUser(student._id), () => ok({ allapplications: body ? [{ ...open, replied: true, declined: true, reason: 'Fees unpaid' }] : [open] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [] })),
      http.post(paths.applications.decline(open._id), async ({ request: r }) => {
        body = await r.json();
        return ok({ application: { ...open, replied: true, declined: true, reason: 'Fees unpaid' } }, 'request declined');
      }),
    );
    renderApp(`/applicant/${student._id}`);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    await userEvent.click(screen.getByRole('button', { name: 'Decline the request for semester 3' }));
    const form = screen.getByRole('form', { name: 'Decline the request for semester 3' });
    await userEvent.click(within(form).getByRole('button', { name: 'Decline request' }));
    expect(await within(form).findByText('Say why the request is declined.')).toBeInTheDocument();
    expect(body).toBeNull();
    await userEvent.type(within(form).getByLabelText('Reason (the student reads this)'), '  Fees unpaid ');
    await userEvent.click(within(form).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(body).toEqual({ reason: 'Fees unpaid' }));
    expect(await screen.findByText('No open requests')).toBeInTheDocument();
  });

  it("the upload's semester is the one a request's Upload action carries, and each open request sets it", async () => {
    loggedInAs(theExamOffice());
    server.use(
      http.get(paths.users.getUser(student._id), () => ok({ user: student })),
      http.get(paths.applications.ofUser(student._id), () => ok({ allapplications: [request(1), request(2)] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [] })),
    );
    renderApp(`/applicant/${student._id}?semester=2`);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    const semester = screen.getByLabelText('Semester');
    expect(semester).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: 'Upload the marksheet of semester 1' }));
    expect(semester).toHaveValue('1');
    expect(semester).toHaveFocus();
  });

  it('ignores a requested semester above the applicant\'s own', async () => {
    loggedInAs(theExamOffice());
    server.use(
      http.get(paths.users.getUser(student._id), () => ok({ user: student })),
      http.get(paths.applications.ofUser(student._id), () => ok({ allapplications: [] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [] })),
    );
    renderApp(`/applicant/${student._id}?semester=7`);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    expect(screen.getByLabelText('Semester')).toHaveValue('4');
  });

  // Failures answer 429: the query client retries 5xx by itself first, which a test would wait out.
  it('shows one loading state for the page, and an error with Retry when a part fails', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let failing = true;
    loggedInAs(theExamOffice());
    server.use(
      http.get(paths.users.getUser(student._id), () => ok({ user: student })),
      http.get(paths.applications.ofUser(student._id), async () => {
        await released;
        return failing ? fail('too_many_requests') : ok({ allapplications: [request(3)] });
      }),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [] })),
    );
    renderApp(`/applicant/${student._id}`);
    expect(await screen.findByRole('progressbar', { name: 'Loading applicant' })).toBeInTheDocument();
    // The applicant and marksheets have answered; the page still waits for the requests as one.
    await expect(screen.findByRole('heading', { name: 'Ada Lovelace' }, { timeout: 300 })).rejects.toThrow();
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    release();
    // A failed part: one error and Retry, not a page with a hole in it.
    expect(await screen.findByRole('alert')).toHaveTextContent('You have done that many times just now. Wait a little and try again.');
    expect(screen.queryByRole('heading', { name: 'Ada Lovelace' })).toBeNull();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload the marksheet of semester 3' })).toBeInTheDocument();
  });

  it('says "Applicant not found" for an unknown applicant, leading back to Applications, and names the tab so', async () => {
    loggedInAs(theExamOffice());
    server.use(
      http.get(paths.users.getUser('gone'), () => fail('user_not_found')),
      http.get(paths.applications.ofUser('gone'), () => ok({ allapplications: [] })),
      http.get(paths.marksheets.ofUser('gone'), () => ok({ allapplicantmarksheets: [] })),
    );
    renderApp('/applicant/gone');
    expect(await screen.findByRole('heading', { name: 'Applicant not found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/applications');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(document.title).toBe('Applicant not found · Campus Portal');
  });

  it('refuses a file of the wrong type before sending it, and shows a failed upload', async () => {
    loggedInAs(theExamOffice());
    server.use(
      http.get(paths.users.getUser(student._id), () => ok({ user: student })),
      http.get(paths.applications.ofUser(student._id), () => ok({ allapplications: [] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [] })),
      http.post(paths.marksheets.create(student._id), () => fail('file_too_large', { field: 'marksheet', params: { size: '20 MB' } })),
    );
    renderApp(`/applicant/${student._id}`);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    await userEvent.upload(screen.getByLabelText('Marksheet file'), new File(['x'], 'm.txt', { type: 'text/plain' }), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Upload marksheet' }));
    expect(await screen.findByText('Choose a marksheet that is a PDF, PNG or JPEG file.')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Marksheet file'), aPng('m.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload marksheet' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Choose a marksheet of 20 MB or less.'));
  });
});
