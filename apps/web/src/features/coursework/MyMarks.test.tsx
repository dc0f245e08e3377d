import type { DueSoon, MyCourseworkMarks } from '@campus/contract/coursework';
import { paths } from '@campus/contract/paths';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { loggedInAs, ok, server } from '../../test/server';
import { fromNow } from './test-data';

const PAGE_LOAD = { timeout: 5_000 };

const marks: MyCourseworkMarks = {
  courses: [
    {
      course: { _id: '7c0a0000-0000-4000-8000-000000000001', title: 'Fluid Mechanics', coursenumber: 211070555 },
      marks: [
        {
          assignment: { _id: 'a5500000-0000-4000-8000-000000000001', title: 'Pipe flow report', kind: 'assignment', maxMarks: 20 },
          marks: 14,
          penalty: 10,
          finalMarks: 12.6,
          feedback: 'Good method.',
          excused: false,
          returnedAt: '2026-11-25T12:00:00.000Z',
        },
        {
          assignment: { _id: 'a5500000-0000-4000-8000-000000000002', title: 'Mid-term test', kind: 'test', maxMarks: 50 },
          marks: 41,
          penalty: 0,
          finalMarks: 41,
          feedback: null,
          excused: false,
          returnedAt: '2026-11-26T12:00:00.000Z',
        },
      ],
    },
    {
      course: { _id: '7c0a0000-0000-4000-8000-000000000002', title: 'Surveying', coursenumber: 211070556 },
      marks: [
        {
          assignment: { _id: 'a5500000-0000-4000-8000-000000000003', title: 'Field book', kind: 'assignment', maxMarks: 10 },
          marks: null,
          penalty: 0,
          finalMarks: null,
          feedback: null,
          excused: true,
          returnedAt: '2026-11-27T12:00:00.000Z',
        },
      ],
    },
  ],
};

describe('My marks', () => {
  it('lists a student’s returned marks by course, each leading to its assignment', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.coursework.myMarks, () => ok(marks)));
    renderApp('/my-marks');
    const fluid = await screen.findByRole('region', { name: /Fluid Mechanics/ }, PAGE_LOAD);
    expect(screen.getByRole('heading', { level: 1, name: 'My marks' })).toBeInTheDocument();
    const report = within(fluid).getByRole('link', { name: 'Pipe flow report' });
    expect(report).toHaveAttribute('href', '/assignment/a5500000-0000-4000-8000-000000000001');
    const row = report.closest('li') as HTMLElement;
    expect(row).toHaveTextContent('12.6 / 20');
    expect(row).toHaveTextContent('14 less 10% for lateness');
    expect(row).toHaveTextContent('returned 25 Nov 2026');
    expect(within(fluid).getByRole('link', { name: 'Mid-term test' }).closest('li')).toHaveTextContent('Class test · returned 26 Nov 2026');
    const surveying = screen.getByRole('region', { name: /Surveying/ });
    expect(within(surveying).getByRole('link', { name: 'Field book' }).closest('li')).toHaveTextContent('Excused');
  });

  it('says when nothing has been returned yet; the header leads a student there', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.coursework.myMarks, () => ok({ courses: [] })));
    renderApp('/my-marks');
    expect(await screen.findByText('No marks have been returned to you yet', undefined, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My marks' })).toHaveAttribute('href', '/my-marks');
  });
});

describe('the home page’s Due soon card', () => {
  const due: DueSoon = {
    assignments: [
      { _id: 'a5500000-0000-4000-8000-000000000001', title: 'Pipe flow report', dueAt: fromNow(-60_000), course: { _id: '7c0a0000-0000-4000-8000-000000000001', title: 'Fluid Mechanics' }, state: 'missing' },
      { _id: 'a5500000-0000-4000-8000-000000000004', title: 'Levelling exercise', dueAt: fromNow(3 * 86_400_000), course: { _id: '7c0a0000-0000-4000-8000-000000000002', title: 'Surveying' }, state: 'assigned' },
    ],
  };

  it('shows a student what is due soon, soonest first, each with its course, due time and state', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.coursework.dueSoon, () => ok(due)));
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Due soon' }, PAGE_LOAD);
    const links = within(card).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Pipe flow report', 'Levelling exercise']);
    expect(links[0]).toHaveAttribute('href', '/assignment/a5500000-0000-4000-8000-000000000001');
    expect(links[0]!.closest('li')).toHaveTextContent(/Fluid Mechanics · due \d+ \w{3} 20\d\d, \d\d:\d\dMissing/);
    expect(links[1]!.closest('li')).toHaveTextContent('Assigned');
  });

  it('is not there when nothing is due, nor for a professor', async () => {
    loggedInAs(aStudent());
    const first = renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' }, PAGE_LOAD);
    await screen.findByRole('region', { name: 'My courses' });
    expect(screen.queryByRole('region', { name: 'Due soon' })).toBeNull();
    first.unmount();

    let asked = false;
    server.use(
      http.get(paths.coursework.dueSoon, () => {
        asked = true;
        return ok(due);
      }),
    );
    loggedInAs(aProfessor());
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Grace Hopper' }, PAGE_LOAD);
    await screen.findByRole('region', { name: 'My courses' });
    expect(screen.queryByRole('region', { name: 'Due soon' })).toBeNull();
    expect(asked).toBe(false);
  });
});
