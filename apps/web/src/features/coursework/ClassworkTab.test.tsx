import type { Assignment } from '@campus/contract/coursework';
import { paths } from '@campus/contract/paths';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { loggedInAs, ok, server } from '../../test/server';
import { aCourse } from '../courses/test-data';
import { anAssignment, fromNow } from './test-data';

const PAGE_LOAD = { timeout: 5_000 };
const DAY = 24 * 60 * 60_000;
const student = aStudent();
const enrolled = aCourse({ students: [student._id] });
const classwork = `/course/${enrolled._id}/classwork`;

const id = (n: number) => `a5500000-0000-4000-8000-00000000000${n}`;
const submittedAt = '2026-11-20T10:05:00.000Z';

function serve(assignments: Assignment[], course = enrolled) {
  server.use(
    http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Grace Hopper' })),
    http.get(paths.coursework.ofCourse(course._id), () => ok({ assignments })),
  );
}

const row = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLElement;

describe('the Classwork tab', () => {
  it('shows an enrolled student each piece of work with their state and due time, soonest due first', async () => {
    loggedInAs(student);
    serve([
      anAssignment({ _id: id(1), title: 'Overdue sketch', dueAt: fromNow(-2 * DAY), submitNow: { lateMinutes: 2865, penalty: 20 } }),
      anAssignment({ _id: id(2), title: 'Late report', dueAt: fromNow(-DAY), mySubmission: { state: 'late', attempt: 1, submittedAt, lateMinutes: 40 } }),
      anAssignment({ _id: id(3), title: 'Draft-marked essay', dueAt: fromNow(-DAY), mySubmission: { state: 'marked', attempt: 1, submittedAt, lateMinutes: 0 } }),
      anAssignment({
        _id: id(4),
        title: 'Returned lab',
        dueAt: fromNow(-DAY),
        mySubmission: { state: 'returned', attempt: 1, submittedAt, lateMinutes: 0 },
        myMarks: { marks: 18, penalty: 0, finalMarks: 18, feedback: null, rubric: null, excused: false, returnedAt: submittedAt },
      }),
      anAssignment({ _id: id(5), title: 'Excused quiz', dueAt: fromNow(-DAY), myMarks: { marks: null, penalty: 0, finalMarks: null, feedback: null, rubric: null, excused: true, returnedAt: submittedAt } }),
      anAssignment({ _id: id(6), title: 'Handed-in poster', mySubmission: { state: 'submitted', attempt: 2, submittedAt, lateMinutes: 0 } }),
      anAssignment({ _id: id(7), title: 'Next report' }),
      anAssignment({ _id: id(8), kind: 'test', title: 'Mid-term test', submitNow: null }),
    ]);
    renderApp(classwork);
    await screen.findByRole('link', { name: 'Next report' }, PAGE_LOAD);
    const titles = within(screen.getByRole('list', { name: 'Classwork' })).getAllByRole('link').map((l) => l.textContent);
    expect(titles).toEqual(['Overdue sketch', 'Late report', 'Draft-marked essay', 'Returned lab', 'Excused quiz', 'Handed-in poster', 'Next report', 'Mid-term test']);
    expect(row('Overdue sketch')).toHaveTextContent('Missing');
    expect(row('Late report')).toHaveTextContent('Handed in late');
    // A draft mark is the professor's: the student still reads "handed in".
    expect(row('Draft-marked essay')).toHaveTextContent('Handed in');
    expect(row('Draft-marked essay')).not.toHaveTextContent('Marked');
    expect(row('Returned lab')).toHaveTextContent('Returned');
    expect(row('Excused quiz')).toHaveTextContent('Excused');
    expect(row('Handed-in poster')).toHaveTextContent('Handed in');
    expect(row('Next report')).toHaveTextContent('Assigned');
    expect(row('Next report')).toHaveTextContent(/Assignment · Due \d+ \w{3} 20\d\d, \d\d:\d\d · 20 marks/);
    expect(row('Mid-term test')).toHaveTextContent('Class test');
    expect(screen.getByRole('link', { name: 'Next report' })).toHaveAttribute('href', `/assignment/${id(7)}`);
    // Setting work and the gradebook are the owner's.
    expect(screen.queryByRole('link', { name: 'New assignment' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Gradebook' })).toBeNull();
  });

  it('gives the owner New assignment and Gradebook, and marks drafts', async () => {
    loggedInAs(aProfessor());
    serve([anAssignment({ _id: id(1), title: 'Published one', mySubmission: undefined, submitNow: undefined, myMarks: undefined }), anAssignment({ _id: id(2), title: 'Unpublished one', published: false, publishedAt: null })]);
    renderApp(classwork);
    expect(await screen.findByRole('link', { name: 'New assignment' }, PAGE_LOAD)).toHaveAttribute('href', `/add-assignment/${enrolled._id}`);
    expect(screen.getByRole('link', { name: 'Gradebook' })).toHaveAttribute('href', `/gradebook/${enrolled._id}`);
    await screen.findByRole('link', { name: 'Unpublished one' });
    expect(row('Unpublished one')).toHaveTextContent('Draft');
    expect(row('Published one')).not.toHaveTextContent('Draft');
    expect(row('Published one')).not.toHaveTextContent('Assigned');
  });

  it('is not there for a student who has not joined: its address opens the course', async () => {
    loggedInAs(student);
    serve([], aCourse());
    const { where } = renderApp(classwork);
    await screen.findByRole('button', { name: 'Join' }, PAGE_LOAD);
    expect(where.pathname).toBe(`/course/${enrolled._id}`);
    expect(screen.queryByRole('tab', { name: 'Classwork' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Stream' })).toBeNull();
  });
});
