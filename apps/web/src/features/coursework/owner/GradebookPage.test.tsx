import type { Gradebook } from '@campus/contract/coursework';
import { paths } from '@campus/contract/paths';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { loggedInAs, ok, server } from '../../../test/server';
import { aCourse } from '../../courses/test-data';
import { aRow } from './test-data';

const PAGE_LOAD = { timeout: 5_000 };
const course = aCourse();
const ada = aRow(1, 'Ada Lovelace').student;
const alan = aRow(2, 'Alan Turing').student;

const gradebook: Gradebook = {
  assignments: [
    { _id: 'a5500000-0000-4000-8000-000000000001', title: 'Pipe flow report', kind: 'assignment', maxMarks: 20 },
    { _id: 'a5500000-0000-4000-8000-000000000002', title: 'Mid-term test', kind: 'test', maxMarks: 50 },
  ],
  rows: [
    {
      student: ada,
      cells: [
        { state: 'returned', finalMarks: 16.2 },
        { state: 'returned', finalMarks: 41 },
      ],
      total: 57.2,
      percent: 81.71428571,
    },
    {
      student: alan,
      cells: [
        { state: 'missing', finalMarks: null },
        { state: 'marked', finalMarks: null },
      ],
      total: 0,
      percent: null,
    },
  ],
};

describe('GradebookPage', () => {
  it('shows each student × published item: returned final marks, or where they stand; the total and percent; and the CSV link', async () => {
    loggedInAs(aProfessor());
    server.use(
      http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Grace Hopper' })),
      http.get(paths.coursework.gradebook(course._id), () => ok(gradebook)),
    );
    renderApp(`/gradebook/${course._id}`);
    const table = within(await screen.findByRole('table', {}, PAGE_LOAD));
    const headers = table.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Student', 'Pipe flow reportout of 20', 'Mid-term testClass test, out of 50', 'Total', 'Percent']);

    const rowOf = (name: string) => within(table.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!);
    expect(rowOf('Ada Lovelace').getAllByRole('cell').map((c) => c.textContent)).toEqual(['16.2', '41', '57.2', '81.7%']);
    expect(rowOf('Alan Turing').getAllByRole('cell').map((c) => c.textContent)).toEqual(['Missing', 'Draft', '0', '—']);

    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `${paths.coursework.gradebook(course._id)}?format=csv`);
    // On a phone the table scrolls sideways in a region a keyboard can reach.
    expect(screen.getByRole('region', { name: 'Gradebook' })).toHaveAttribute('tabindex', '0');
  });

  it('is not for a student, and asks the server nothing it would refuse', async () => {
    let asked = false;
    loggedInAs(aStudent());
    server.use(
      http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Grace Hopper' })),
      http.get(paths.coursework.gradebook(course._id), () => {
        asked = true;
        return ok(gradebook);
      }),
    );
    renderApp(`/gradebook/${course._id}`);
    expect(await screen.findByText('Only the professor of this course can read its gradebook.', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(asked).toBe(false);
  });
});
