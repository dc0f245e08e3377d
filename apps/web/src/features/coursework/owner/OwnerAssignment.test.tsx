import type { Assignment, SubmissionRow } from '@campus/contract/coursework';
import { api } from '@campus/contract/api';
import { paths } from '@campus/contract/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { loggedInAs, ok, server } from '../../../test/server';
import { aCourse } from '../../courses/test-data';
import { anAssignment } from '../test-data';
import { aMark, aRow, aSubmission } from './test-data';

const PAGE_LOAD = { timeout: 5_000 };
// Due 17:00 on the campus's clock (Asia/Kolkata, +05:30).
const assignment = anAssignment({ dueAt: '2026-11-20T11:30:00.000Z' });
const rubric: Assignment['rubric'] = [
  { criterion: 'Clarity', levels: [{ label: 'Clear', marks: 12 }, { label: 'Muddled', marks: 4 }] },
  { criterion: 'Method', levels: [{ label: 'Sound', marks: 8 }, { label: 'Shaky', marks: 3 }] },
];

const rows: SubmissionRow[] = [
  aRow(1, 'Ada Lovelace', { state: 'submitted', submission: aSubmission() }),
  aRow(2, 'Alan Turing', {
    state: 'late',
    submission: aSubmission({ files: [{ name: 'late.pdf', url: '/files/late', bytes: 10, sha256: 'cd'.repeat(32) }], text: null, submittedAt: '2026-11-20T13:50:00.000Z', lateMinutes: 125, penalty: 10 }),
  }),
  aRow(3, 'Barbara Liskov', { state: 'missing' }),
  aRow(4, 'Charles Babbage', { state: 'marked', submission: aSubmission(), mark: aMark({ marks: 15, finalMarks: 15 }) }),
  aRow(5, 'Dorothy Vaughan', { state: 'returned', submission: aSubmission(), mark: aMark({ marks: 18, finalMarks: 18, returnedAt: '2026-11-22T10:00:00.000Z' }) }),
];

function serve(a: Assignment = assignment) {
  server.use(
    http.get(paths.coursework.get(a._id), () => ok({ assignment: a })),
    http.get(paths.coursework.submissions(a._id), () => ok({ rows })),
  );
}

/** The table's row of one student (its header cell is the name). */
async function rowOf(name: string) {
  const header = await screen.findByRole('rowheader', { name: new RegExp(name) }, PAGE_LOAD);
  return within(header.closest('tr')!);
}

describe('OwnerAssignment', () => {
  it("counts the class's work and shows each student's state, lateness, files and mark", async () => {
    loggedInAs(aProfessor());
    serve();
    renderApp(`/assignment/${assignment._id}`);
    expect(await screen.findByRole('heading', { name: 'Pipe flow report', level: 1 }, PAGE_LOAD)).toBeInTheDocument();
    const counts = within(await screen.findByRole('list', { name: 'Counts' }, PAGE_LOAD));
    const count = (label: string) => counts.getByText(label).nextElementSibling?.textContent;
    expect(count('Handed in')).toBe('4');
    expect(count('Late')).toBe('1');
    expect(count('Missing')).toBe('1');
    expect(count('Marked, not returned')).toBe('1');
    expect(count('Returned')).toBe('1');

    const alan = await rowOf('Alan Turing');
    expect(alan.getByText('Late')).toBeInTheDocument();
    expect(alan.getByText('2 hours 5 minutes late, 10% off')).toBeInTheDocument();
    expect(alan.getByRole('link', { name: 'late.pdf' })).toHaveAttribute('href', '/files/late');
    expect((await rowOf('Barbara Liskov')).getByText('Missing')).toBeInTheDocument();
    expect((await rowOf('Charles Babbage')).getByText('Marked (draft)')).toBeInTheDocument();
    expect((await rowOf('Charles Babbage')).getByText('15 / 20')).toBeInTheDocument();
    expect((await rowOf('Dorothy Vaughan')).getByText('Returned')).toBeInTheDocument();
    expect((await rowOf('Ada Lovelace')).getByText('See the attached report.')).toBeInTheDocument();
    // Only a draft can be returned on its own.
    expect((await rowOf('Charles Babbage')).getByRole('button', { name: 'Return marks to Charles Babbage' })).toBeInTheDocument();
    expect((await rowOf('Dorothy Vaughan')).queryByRole('button', { name: /Return/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download all submissions (zip)' })).toHaveAttribute('href', paths.coursework.submissionsZip(assignment._id));
  });

  it('marks with the rubric: the level chosen for each criterion is sent, and the total and the late penalty are said first', async () => {
    let body: unknown;
    loggedInAs(aProfessor());
    serve({ ...assignment, rubric });
    server.use(
      http.put(paths.coursework.mark(assignment._id, rows[1]!.student._id), async ({ request }) => {
        body = await request.json();
        return ok({ mark: aMark({ marks: 15, rubric: [1, 0], penalty: 10, finalMarks: 13.5 }) });
      }),
    );
    renderApp(`/assignment/${assignment._id}`);
    await userEvent.click((await rowOf('Alan Turing')).getByRole('button', { name: 'Mark Alan Turing' }));
    const form = within(screen.getByRole('form', { name: 'Marks for Alan Turing' }));
    expect(form.queryByLabelText(/^Marks/)).toBeNull();
    await userEvent.click(within(form.getByRole('group', { name: 'Clarity' })).getByLabelText('Muddled (4)'));
    // One criterion without a level is not a mark: nothing is sent.
    await userEvent.click(form.getByRole('button', { name: 'Save draft' }));
    expect(await form.findByText('Choose one level for each criterion of the rubric.')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await userEvent.click(within(form.getByRole('group', { name: 'Method' })).getByLabelText('Sound (8)'));
    expect(form.getByText(/Total: 12 of 20\./)).toHaveTextContent('Total: 12 of 20. Late by 10%: 10.8 of 20 counts.');
    await userEvent.type(form.getByLabelText('Feedback (optional)'), 'Explain the method.');
    await userEvent.click(form.getByRole('button', { name: 'Save draft' }));
    expect(await form.findByRole('status')).toHaveTextContent('Saved as a draft: Alan Turing sees it once you return it.');
    expect(body).toEqual({ rubric: [1, 0], feedback: 'Explain the method.', excused: false });
  });

  it('marks with a number within the maximum, or excuses the work', async () => {
    const bodies: unknown[] = [];
    loggedInAs(aProfessor());
    serve();
    server.use(
      http.put(paths.coursework.mark(assignment._id, rows[0]!.student._id), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ mark: aMark() });
      }),
    );
    renderApp(`/assignment/${assignment._id}`);
    await userEvent.click((await rowOf('Ada Lovelace')).getByRole('button', { name: 'Mark Ada Lovelace' }));
    const form = within(screen.getByRole('form', { name: 'Marks for Ada Lovelace' }));
    await userEvent.type(form.getByLabelText('Marks (out of 20)'), '21');
    await userEvent.click(form.getByRole('button', { name: 'Save draft' }));
    expect(await form.findByText('The marks must be from 0 to 20.')).toBeInTheDocument();
    await userEvent.clear(form.getByLabelText('Marks (out of 20)'));
    await userEvent.type(form.getByLabelText('Marks (out of 20)'), '17.5');
    await userEvent.click(form.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(bodies).toEqual([{ marks: 17.5, excused: false }]));

    await userEvent.clear(form.getByLabelText('Marks (out of 20)'));
    await userEvent.click(form.getByLabelText('Excused (counts in no total)'));
    await userEvent.click(form.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ excused: true });
  });

  it('changes a returned mark, saying the student sees the change at once', async () => {
    let body: unknown;
    const dorothy = rows[4]!;
    loggedInAs(aProfessor());
    serve();
    server.use(
      http.put(paths.coursework.mark(assignment._id, dorothy.student._id), async ({ request }) => {
        body = await request.json();
        return ok({ mark: aMark({ marks: 17, finalMarks: 17, returnedAt: dorothy.mark!.returnedAt }) });
      }),
    );
    renderApp(`/assignment/${assignment._id}`);
    await userEvent.click((await rowOf('Dorothy Vaughan')).getByRole('button', { name: 'Mark Dorothy Vaughan' }));
    const form = within(screen.getByRole('form', { name: 'Marks for Dorothy Vaughan' }));
    expect(form.getByText(/a change is shown to Dorothy Vaughan at once, and they are told\./)).toBeInTheDocument();
    const marks = form.getByLabelText('Marks (out of 20)');
    expect(marks).toHaveValue('18');
    await userEvent.clear(marks);
    await userEvent.type(marks, '17');
    await userEvent.type(form.getByLabelText('Feedback (optional)'), 'Re-marked.');
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByRole('status')).toHaveTextContent('Saved: Dorothy Vaughan is told and sees the change.');
    expect(body).toEqual({ marks: 17, feedback: 'Re-marked.', excused: false });
  });

  it('shows a class test without hand-ins: no lateness columns, no zip, no extensions', async () => {
    const test = anAssignment({ kind: 'test', attachments: [] });
    loggedInAs(aProfessor());
    server.use(
      http.get(paths.coursework.get(test._id), () => ok({ assignment: test })),
      http.get(paths.coursework.submissions(test._id), () => ok({ rows: [aRow(1, 'Ada Lovelace'), aRow(2, 'Alan Turing', { state: 'marked', mark: aMark() })] })),
    );
    renderApp(`/assignment/${test._id}`);
    const table = within(await screen.findByRole('table', {}, PAGE_LOAD));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Student', 'State', 'Mark', 'Actions']);
    expect(screen.queryByRole('link', { name: 'Download all submissions (zip)' })).toBeNull();
    const counts = within(screen.getByRole('list', { name: 'Counts' }));
    expect(counts.queryByText('Missing')).toBeNull();
    expect(counts.getByText('Marked, not returned').nextElementSibling).toHaveTextContent('1');
    await userEvent.click((await rowOf('Ada Lovelace')).getByRole('button', { name: 'Mark Ada Lovelace' }));
    expect(screen.getByRole('form', { name: 'Marks for Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Extension for Ada Lovelace' })).toBeNull();
  });

  it('returns every draft with {} after a confirm that says how many, then says how many were returned', async () => {
    let body: unknown;
    loggedInAs(aProfessor());
    serve();
    server.use(
      http.post(paths.coursework.return(assignment._id), async ({ request }) => {
        body = await request.json();
        return ok({ returned: 1 });
      }),
    );
    renderApp(`/assignment/${assignment._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Return marks (1)' }, PAGE_LOAD));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Return marks to 1 student?' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Return marks' }));
    expect(await screen.findByText('Marks returned to 1 student.')).toBeInTheDocument();
    expect(body).toEqual({});
  });

  it("returns one student's draft on its own", async () => {
    let body: unknown;
    loggedInAs(aProfessor());
    serve();
    server.use(
      http.post(paths.coursework.return(assignment._id), async ({ request }) => {
        body = await request.json();
        return ok({ returned: 1 });
      }),
    );
    renderApp(`/assignment/${assignment._id}`);
    await userEvent.click((await rowOf('Charles Babbage')).getByRole('button', { name: 'Return marks to Charles Babbage' }));
    expect(await screen.findByText('Marks returned to Charles Babbage.')).toBeInTheDocument();
    expect(body).toEqual({ studentIds: [rows[3]!.student._id] });
  });

  it("gives a student their own due time on the campus's clock, and removes it", async () => {
    const bodies: unknown[] = [];
    const extended = aRow(2, 'Alan Turing', { ...rows[1], extendedTo: '2026-11-23T03:30:00.000Z' });
    loggedInAs(aProfessor());
    server.use(
      http.get(paths.coursework.get(assignment._id), () => ok({ assignment })),
      http.get(paths.coursework.submissions(assignment._id), () => ok({ rows: [rows[0], extended] })),
      http.put(api.coursework.extend.path, async ({ request, params }) => {
        const body = (await request.json()) as { dueAt: string | null };
        bodies.push({ studentId: params.studentId, ...body });
        return ok({ extension: { studentId: String(params.studentId), dueAt: body.dueAt && new Date(body.dueAt).toISOString() } });
      }),
    );
    renderApp(`/assignment/${assignment._id}`);
    await userEvent.click((await rowOf('Ada Lovelace')).getByRole('button', { name: 'Mark Ada Lovelace' }));
    const ada = within(screen.getByRole('form', { name: 'Extension for Ada Lovelace' }));
    // It starts at the class's due time, as the campus's clock reads it.
    expect(ada.getByLabelText('Own due date')).toHaveValue('2026-11-20');
    expect(ada.getByLabelText('Own due time')).toHaveValue('17:00');
    fireEvent.change(ada.getByLabelText('Own due date'), { target: { value: '2026-11-23' } });
    fireEvent.change(ada.getByLabelText('Own due time'), { target: { value: '09:00' } });
    await userEvent.click(ada.getByRole('button', { name: 'Give extension' }));
    expect(await ada.findByRole('status')).toHaveTextContent(/^Ada Lovelace is now due /);
    expect(bodies).toEqual([{ studentId: rows[0]!.student._id, dueAt: '2026-11-23T09:00:00+05:30' }]);

    await userEvent.click((await rowOf('Alan Turing')).getByRole('button', { name: 'Mark Alan Turing' }));
    const alan = within(screen.getByRole('form', { name: 'Extension for Alan Turing' }));
    expect(alan.getByLabelText('Own due date')).toHaveValue('2026-11-23');
    await userEvent.click(alan.getByRole('button', { name: 'Remove extension' }));
    expect(await alan.findByRole('status')).toHaveTextContent('Alan Turing is due with the class again.');
    expect(bodies[1]).toEqual({ studentId: extended.student._id, dueAt: null });
  });

  it('publishes a draft with PATCH {published: true}', async () => {
    let body: unknown;
    const draft = anAssignment({ published: false, publishedAt: null });
    let current = draft;
    loggedInAs(aProfessor());
    server.use(
      http.get(paths.coursework.get(draft._id), () => ok({ assignment: current })),
      http.get(paths.coursework.submissions(draft._id), () => ok({ rows })),
      http.patch(paths.coursework.update(draft._id), async ({ request }) => {
        body = await request.json();
        current = { ...draft, published: true, publishedAt: '2026-11-25T10:00:00.000Z' };
        return ok({ assignment: current });
      }),
    );
    renderApp(`/assignment/${draft._id}`);
    expect(await screen.findByText('Draft: the class does not see it', {}, PAGE_LOAD)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: the enrolled students are told.')).toBeInTheDocument();
    expect(body).toEqual({ published: true });
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('deletes after a confirm and goes to the course', async () => {
    let deleted = false;
    loggedInAs(aProfessor());
    serve();
    server.use(
      http.delete(paths.coursework.delete(assignment._id), () => {
        deleted = true;
        return ok({});
      }),
    );
    // Where it leads: the course's classwork, without it.
    server.use(
      http.get(paths.courses.get(assignment.courseId), () => ok({ course: aCourse(), owner: 'Grace Hopper' })),
      http.get(paths.coursework.ofCourse(assignment.courseId), () => ok({ assignments: [] })),
    );
    const { where } = renderApp(`/assignment/${assignment._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }, PAGE_LOAD));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Delete Pipe flow report?' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where.pathname).toBe(`/course/${assignment.courseId}/classwork`));
    expect(deleted).toBe(true);
    expect(await screen.findByText('Pipe flow report was deleted.')).toBeInTheDocument();
  });
});
