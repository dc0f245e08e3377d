import { paths } from '@campus/contract/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { loggedInAs, ok, server } from '../../../test/server';
import { aCourse } from '../../courses/test-data';
import { anAssignment } from '../test-data';

const course = aCourse();
const created = anAssignment({ _id: 'a5500000-0000-4000-8000-0000000000aa', title: 'Pipe flow report' });
const PAGE_LOAD = { timeout: 5_000 };

function serveCourse() {
  server.use(http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Grace Hopper' })));
}

/** The new assignment's page, where the form leads. */
function serveCreated() {
  server.use(
    http.get(paths.coursework.get(created._id), () => ok({ assignment: created })),
    http.get(paths.coursework.submissions(created._id), () => ok({ rows: [] })),
  );
}

async function fillIn() {
  const main = within(await screen.findByRole('main'));
  await userEvent.type(await main.findByLabelText('Title', {}, PAGE_LOAD), 'Pipe flow report');
  await userEvent.type(main.getByLabelText('Instructions'), 'Measure the flow.');
  await userEvent.type(main.getByLabelText('Maximum marks'), '10');
  // Typed on the campus's clock (Asia/Kolkata in the fixtures' set-up), whatever the browser's zone.
  fireEvent.change(main.getByLabelText('Due date'), { target: { value: '2026-12-01' } });
  fireEvent.change(main.getByLabelText('Due time'), { target: { value: '17:00' } });
  return main;
}

/** Criterion `n` of the rubric editor: its name and levels, each a label and marks. */
async function criterion(main: ReturnType<typeof within>, n: number, name: string, levels: [string, string][]) {
  await userEvent.click(main.getByRole('button', { name: 'Add a criterion' }));
  // The editor's code loads with the first criterion.
  const group = within(await main.findByRole('group', { name: `Criterion ${n}` }));
  await userEvent.type(group.getByLabelText(`Criterion ${n}`), name);
  for (const [i, [label, marks]] of levels.entries()) {
    if (i > 0) await userEvent.click(group.getByRole('button', { name: `Add a level to criterion ${n}` }));
    await userEvent.type(group.getByLabelText(`Level ${i + 1}`), label);
    await userEvent.type(group.getByLabelText(`Level ${i + 1} marks`), marks);
  }
}

describe('AddAssignmentPage', () => {
  it('sends the multipart fields: the due time with the campus offset, the rubric as JSON text, the attachment; then opens the new assignment', async () => {
    let form: FormData | undefined;
    loggedInAs(aProfessor());
    serveCourse();
    serveCreated();
    server.use(
      http.post(paths.coursework.create(course._id), async ({ request }) => {
        form = await request.formData();
        return ok({ assignment: created }, 'assignment created', 201);
      }),
    );
    const { where } = renderApp(`/add-assignment/${course._id}`);
    const main = await fillIn();
    expect(main.getByLabelText('Grace period (minutes)')).toHaveValue('15');
    expect(main.getByLabelText('Late penalty (% a day)')).toHaveValue('10');
    await criterion(main, 1, 'Clarity', [
      ['Clear', '6'],
      ['Muddled', '2'],
    ]);
    await criterion(main, 2, 'Method', [['Sound', '4']]);
    await userEvent.upload(main.getByLabelText('Attachments (optional)'), new File(['%PDF-1.4'], 'Lab sheet.pdf', { type: 'application/pdf' }));
    await userEvent.click(main.getByRole('button', { name: 'Add Assignment' }));

    await waitFor(() => expect(where.pathname).toBe(`/assignment/${created._id}`));
    expect(await screen.findByRole('heading', { name: 'Pipe flow report', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Assignment published.');
    const fields = Object.fromEntries([...form!.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file ${v.name}`]));
    expect(fields).toEqual({
      kind: 'assignment',
      title: 'Pipe flow report',
      instructions: 'Measure the flow.',
      maxMarks: '10',
      dueAt: '2026-12-01T17:00:00+05:30',
      graceMinutes: '15',
      latePenaltyPercentPerDay: '10',
      rubric: JSON.stringify([
        {
          criterion: 'Clarity',
          levels: [
            { label: 'Clear', marks: 6 },
            { label: 'Muddled', marks: 2 },
          ],
        },
        { criterion: 'Method', levels: [{ label: 'Sound', marks: 4 }] },
      ]),
      published: 'true',
      attachments: 'file Lab sheet.pdf',
    });
  });

  it("says the rubric's best total as it is typed, and refuses one that is not the maximum marks without sending", async () => {
    let sent = false;
    loggedInAs(aProfessor());
    serveCourse();
    server.use(
      http.post(paths.coursework.create(course._id), () => {
        sent = true;
        return ok({ assignment: created }, '', 201);
      }),
    );
    renderApp(`/add-assignment/${course._id}`);
    const main = await fillIn();
    await criterion(main, 1, 'Clarity', [
      ['Clear', '6'],
      ['Muddled', '2'],
    ]);
    expect(main.getByText('Best total: 6 — it must equal the maximum marks (10).')).toBeInTheDocument();

    await userEvent.click(main.getByRole('button', { name: 'Add Assignment' }));
    expect(await main.findByText('The rubric’s best levels add up to 6, but the maximum marks are 10. Make them the same.')).toBeInTheDocument();
    expect(sent).toBe(false);

    // A second criterion makes up the difference; removing it brings the warning back.
    await criterion(main, 2, 'Method', [['Sound', '4']]);
    expect(main.getByText('Best total: 10')).toBeInTheDocument();
    await userEvent.click(main.getByRole('button', { name: 'Remove criterion 2' }));
    expect(main.getByText('Best total: 6 — it must equal the maximum marks (10).')).toBeInTheDocument();
  });

  it('names the fields to fix: no title, no due time, a level without marks', async () => {
    loggedInAs(aProfessor());
    serveCourse();
    renderApp(`/add-assignment/${course._id}`);
    const main = within(await screen.findByRole('main'));
    await userEvent.type(await main.findByLabelText('Maximum marks', {}, PAGE_LOAD), '10');
    await userEvent.click(main.getByRole('button', { name: 'Add a criterion' }));
    await userEvent.type(await main.findByLabelText('Criterion 1'), 'Clarity');
    await userEvent.type(main.getByLabelText('Level 1'), 'Clear');
    await userEvent.click(main.getByRole('button', { name: 'Add Assignment' }));
    expect(await main.findByText('Enter a title.')).toBeInTheDocument();
    expect(main.getByText('Enter the due date and time.')).toBeInTheDocument();
    expect(main.getByLabelText('Level 1 marks')).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes the professor to the first wrong rubric field when only the rubric is wrong', async () => {
    loggedInAs(aProfessor());
    serveCourse();
    renderApp(`/add-assignment/${course._id}`);
    const main = await fillIn();
    await criterion(main, 1, 'Clarity', [['Clear', '10']]);
    await userEvent.click(main.getByRole('button', { name: 'Add a level to criterion 1' }));
    await userEvent.type(main.getByLabelText('Level 2'), 'Muddled');
    await userEvent.click(main.getByRole('button', { name: 'Add Assignment' }));
    await waitFor(() => expect(main.getByLabelText('Level 2 marks')).toHaveFocus());
    expect(main.getByLabelText('Level 2 marks')).toHaveAttribute('aria-invalid', 'true');
    // Typed in, the level's complaint goes as the rubric is checked again.
    await userEvent.type(main.getByLabelText('Level 2 marks'), '4');
    await waitFor(() => expect(main.getByLabelText('Level 2 marks')).not.toHaveAttribute('aria-invalid'));
  });

  it('keeps a class test a draft when asked: no closing time, no rubric', async () => {
    let form: FormData | undefined;
    loggedInAs(aProfessor());
    serveCourse();
    serveCreated();
    server.use(
      http.post(paths.coursework.create(course._id), async ({ request }) => {
        form = await request.formData();
        return ok({ assignment: { ...created, kind: 'test', published: false } }, '', 201);
      }),
    );
    renderApp(`/add-assignment/${course._id}`);
    const main = within(await screen.findByRole('main'));
    await userEvent.selectOptions(await main.findByLabelText('Kind', {}, PAGE_LOAD), 'test');
    expect(main.queryByLabelText('Grace period (minutes)')).toBeNull();
    await userEvent.type(main.getByLabelText('Title'), 'Mid-term test');
    await userEvent.type(main.getByLabelText('Maximum marks'), '50');
    fireEvent.change(main.getByLabelText('Test date'), { target: { value: '2026-12-05' } });
    fireEvent.change(main.getByLabelText('Test time'), { target: { value: '09:30' } });
    await userEvent.click(main.getByLabelText('Keep as a draft'));
    await userEvent.click(main.getByRole('button', { name: 'Add Assignment' }));
    await waitFor(() => expect(form).toBeDefined());
    expect(form!.get('kind')).toBe('test');
    expect(form!.get('published')).toBe('false');
    expect(form!.get('dueAt')).toBe('2026-12-05T09:30:00+05:30');
    expect(form!.has('rubric')).toBe(false);
    expect(form!.has('closesAt')).toBe(false);
  });

  it('refuses more than five attachments, or one of a type notes cannot be, before sending', async () => {
    let sent = false;
    loggedInAs(aProfessor());
    serveCourse();
    server.use(
      http.post(paths.coursework.create(course._id), () => {
        sent = true;
        return ok({ assignment: created }, '', 201);
      }),
    );
    renderApp(`/add-assignment/${course._id}`);
    const main = await fillIn();
    const pdfs = Array.from({ length: 6 }, (_, i) => new File(['%PDF-1.4'], `sheet-${i}.pdf`, { type: 'application/pdf' }));
    await userEvent.upload(main.getByLabelText('Attachments (optional)'), pdfs);
    expect(await main.findByText('That is too many: choose at most 5.')).toBeInTheDocument();
    await userEvent.upload(main.getByLabelText('Attachments (optional)'), new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(main.getByText(/^Choose a notes file that is a /)).toBeInTheDocument();
    expect(main.getByLabelText('Attachments (optional)')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(main.getByRole('button', { name: 'Add Assignment' }));
    expect(sent).toBe(false);
  });

  it('is not for a student, who is told so before typing anything', async () => {
    loggedInAs(aStudent());
    serveCourse();
    renderApp(`/add-assignment/${course._id}`);
    expect(await screen.findByText('Only the professor of this course can set its assignments and class tests.', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
