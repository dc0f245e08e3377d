import type { Application, Marksheet } from '@campus/contract/marksheets';
import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aPng, aProfessor, aStudent, theExamOffice } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

const student = aStudent({ semester: 4 });
const sheet = (semester: number): Marksheet => ({ _id: `m${semester}`, semester, marksheet: `/files/sheet-${semester}`, owner: student._id, createdAt: '2026-11-01T00:00:00.000Z' });
const request = (semester: number, replied = false): Application => ({
  _id: `a${semester}`,
  from: student._id,
  content: `Ada Lovelace (211070001) requests the marksheet of semester ${semester}`,
  semester,
  replied,
  createdAt: '2026-11-01T00:00:00.000Z',
});

describe('/marksheet (students)', () => {
  const rowOf = (semester: number) => screen.getByText(`Semester ${semester}`).closest('li') as HTMLElement;

  it('shows eight semesters: View when the marksheet exists, Applied while asked, else Apply', async () => {
    loggedInAs(student);
    server.use(
      http.get(paths.applications.semestersApplied, () => ok({ listofsemesterapplied: [1, 2] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [sheet(1)] })),
    );
    renderApp('/marksheet');
    await screen.findByText('Semester 8');
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(within(rowOf(1)).getByRole('link', { name: 'View the marksheet of semester 1' })).toHaveAttribute('href', '/files/sheet-1');
    expect(within(rowOf(2)).getByText('Applied')).toBeInTheDocument();
    expect(within(rowOf(3)).getByRole('button', { name: /Apply/ })).toBeInTheDocument();
  });

  it("applies for a semester up to the student's own, and says 'cannot apply' above it without asking the server", async () => {
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
    await userEvent.click(within(rowOf(6)).getByRole('button', { name: /Apply/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot apply');
    expect(asked).toEqual([]);
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
      http.post(paths.applications.create, () => fail(409, 'you have already applied for this semester')),
    );
    renderApp('/marksheet');
    await screen.findByText('Semester 8');
    await userEvent.click(within(rowOf(1)).getByRole('button', { name: /Apply/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('you have already applied for this semester');
  });

  it('is for students only', async () => {
    loggedInAs(aProfessor());
    renderApp('/marksheet');
    expect(await screen.findByText('Marksheets are requested by students, from this page.')).toBeInTheDocument();
  });
});

describe('/applications and /applicant/:id (the exam office)', () => {
  it('lists the open requests, each leading to its applicant', async () => {
    loggedInAs(theExamOffice());
    server.use(http.get(paths.applications.all, () => ok({ allapplications: [request(3), request(1, true)] })));
    renderApp('/applications');
    const link = await screen.findByRole('link', { name: 'Open applicant' });
    expect(link).toHaveAttribute('href', `/applicant/${student._id}`);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(/semester 3$/)).toBeInTheDocument();
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
    expect(await screen.findByText('Semester 3', { selector: 'li' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View the marksheet of semester 1' })).toBeInTheDocument();
    const semester = screen.getByLabelText('Semester');
    expect(within(semester).getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3', '4']);
    await userEvent.selectOptions(semester, '3');
    await userEvent.upload(screen.getByLabelText('Marksheet file'), new File(['%PDF-1.4'], 'm.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload marksheet' }));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('status')).toHaveTextContent('marksheet uploaded successfully');
    expect(received).toMatchObject({ semester: '3', file: { name: 'm.pdf' } });
    expect(await screen.findByRole('link', { name: 'View the marksheet of semester 3' })).toBeInTheDocument();
  });

  it('refuses a file of the wrong type before sending it, and shows a failed upload', async () => {
    loggedInAs(theExamOffice());
    server.use(
      http.get(paths.users.getUser(student._id), () => ok({ user: student })),
      http.get(paths.applications.ofUser(student._id), () => ok({ allapplications: [] })),
      http.get(paths.marksheets.ofUser(student._id), () => ok({ allapplicantmarksheets: [] })),
      http.post(paths.marksheets.create(student._id), () => fail(413, 'Marksheet must be at most 20 MB')),
    );
    renderApp(`/applicant/${student._id}`);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    await userEvent.upload(screen.getByLabelText('Marksheet file'), new File(['x'], 'm.txt', { type: 'text/plain' }), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Upload marksheet' }));
    expect(await screen.findByText('Marksheet must be a pdf, png or jpeg file')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Marksheet file'), aPng('m.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload marksheet' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Marksheet must be at most 20 MB'));
  });
});
