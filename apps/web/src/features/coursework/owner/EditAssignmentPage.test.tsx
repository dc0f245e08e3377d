import { paths } from '@campus/contract/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { fail, loggedInAs, ok, server } from '../../../test/server';
import { aCourse } from '../../courses/test-data';
import { anAssignment } from '../test-data';

const course = aCourse();
const PAGE_LOAD = { timeout: 5_000 };
// 17:00 on the campus's clock (Asia/Kolkata, +05:30).
const assignment = anAssignment({
  dueAt: '2026-12-01T11:30:00.000Z',
  rubric: [
    { criterion: 'Clarity', levels: [{ label: 'Clear', marks: 12 }, { label: 'Muddled', marks: 4 }] },
    { criterion: 'Method', levels: [{ label: 'Sound', marks: 8 }] },
  ],
});

function serve(a = assignment) {
  server.use(
    http.get(paths.coursework.get(a._id), () => ok({ assignment: a })),
    http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Grace Hopper' })),
    http.get(paths.coursework.submissions(a._id), () => ok({ rows: [] })),
  );
}

describe('EditAssignmentPage', () => {
  it('fills in the Add Assignment form (no kind, no attachments) and PATCHes only what changed, the new due time with the campus offset', async () => {
    let body: unknown;
    loggedInAs(aProfessor());
    serve();
    server.use(
      http.patch(paths.coursework.update(assignment._id), async ({ request }) => {
        body = await request.json();
        return ok({ assignment: { ...assignment, title: 'Pipe flow write-up', dueAt: '2026-12-01T12:30:00.000Z' } });
      }),
    );
    const { where } = renderApp(`/assignment/${assignment._id}/edit`);
    const main = within(await screen.findByRole('main'));
    const title = await main.findByLabelText('Title', {}, PAGE_LOAD);
    expect(title).toHaveValue('Pipe flow report');
    expect(main.getByLabelText('Maximum marks')).toHaveValue('20');
    expect(main.getByLabelText('Due date')).toHaveValue('2026-12-01');
    expect(main.getByLabelText('Due time')).toHaveValue('17:00');
    // The rubric editor's code loads after the form, as the assignment has a rubric.
    expect(await main.findByLabelText('Criterion 1')).toHaveValue('Clarity');
    expect(main.getByText('Best total: 20')).toBeInTheDocument();
    expect(main.queryByLabelText('Kind')).toBeNull();
    expect(main.queryByLabelText('Attachments (optional)')).toBeNull();
    // Published already: unpublishing is not offered here.
    expect(main.queryByLabelText('Keep as a draft')).toBeNull();

    await userEvent.clear(title);
    await userEvent.type(title, 'Pipe flow write-up');
    fireEvent.change(main.getByLabelText('Due time'), { target: { value: '18:00' } });
    await userEvent.click(main.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(where.pathname).toBe(`/assignment/${assignment._id}`));
    expect(body).toEqual({ title: 'Pipe flow write-up', dueAt: '2026-12-01T18:00:00+05:30' });
    expect(await screen.findByRole('status')).toHaveTextContent('Assignment updated.');
  });

  it('sends a changed rubric as an array, and words the refusal of one already used for marks', async () => {
    let body: unknown;
    loggedInAs(aProfessor());
    serve();
    server.use(
      http.patch(paths.coursework.update(assignment._id), async ({ request }) => {
        body = await request.json();
        return fail('rubric_in_use', { field: 'rubric' });
      }),
    );
    renderApp(`/assignment/${assignment._id}/edit`);
    const main = within(await screen.findByRole('main'));
    const group = within(await main.findByRole('group', { name: 'Criterion 1' }, PAGE_LOAD));
    await userEvent.clear(group.getByLabelText('Level 2'));
    await userEvent.type(group.getByLabelText('Level 2'), 'Unclear');
    await userEvent.click(main.getByRole('button', { name: 'Save changes' }));
    expect(await main.findByText('The rubric cannot change now: marks were already given with it.')).toBeInTheDocument();
    expect(body).toEqual({
      rubric: [
        { criterion: 'Clarity', levels: [{ label: 'Clear', marks: 12 }, { label: 'Unclear', marks: 4 }] },
        { criterion: 'Method', levels: [{ label: 'Sound', marks: 8 }] },
      ],
    });
  });

  it('sends nothing when nothing changed', async () => {
    let sent = false;
    loggedInAs(aProfessor());
    serve();
    server.use(
      http.patch(paths.coursework.update(assignment._id), () => {
        sent = true;
        return ok({ assignment });
      }),
    );
    const { where } = renderApp(`/assignment/${assignment._id}/edit`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }, PAGE_LOAD));
    await waitFor(() => expect(where.pathname).toBe(`/assignment/${assignment._id}`));
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing was changed.');
    expect(sent).toBe(false);
  });

  it('offers a draft the choice to publish', async () => {
    let body: unknown;
    const draft = anAssignment({ published: false, publishedAt: null });
    loggedInAs(aProfessor());
    serve(draft);
    server.use(
      http.patch(paths.coursework.update(draft._id), async ({ request }) => {
        body = await request.json();
        return ok({ assignment: { ...draft, published: true } });
      }),
    );
    renderApp(`/assignment/${draft._id}/edit`);
    await userEvent.click(await screen.findByLabelText('Publish now (the class is told)', {}, PAGE_LOAD));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(body).toEqual({ published: true }));
  });

  it('is not for an enrolled student, who can read the assignment but not change it', async () => {
    loggedInAs(aStudent());
    serve();
    renderApp(`/assignment/${assignment._id}/edit`);
    expect(await screen.findByText('Only the professor of this course can edit its assignments.', {}, PAGE_LOAD)).toBeInTheDocument();
  });
});
