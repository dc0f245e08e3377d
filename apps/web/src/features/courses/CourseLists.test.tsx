import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor, aStudent, theExamOffice } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aCourse } from './test-data';

const fluid = aCourse();
const signals = aCourse({ _id: '7c0a0000-0000-4000-8000-000000000002', title: 'Signals', semester: 3, branch: 'Computer Engineering', thumbnail: '' });

const card = (title: string) => screen.getByRole('link', { name: title }).closest('article') as HTMLElement;

describe('AllCoursesPage', () => {
  it('lists the newest courses, a page at a time, as cards (searchbytitle with every filter)', async () => {
    const asked: string[] = [];
    loggedInAs(aStudent());
    server.use(
      http.get(paths.courses.byTitle, ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok({ listofcourses: [fluid, signals], nextCursor: null });
      }),
    );
    renderApp('/all-courses');
    expect(await screen.findByRole('heading', { name: 'All Courses' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Fluid Mechanics' })).toHaveAttribute('href', `/course/${fluid._id}`);
    expect(asked).toEqual(['?semester=9&branch=All&limit=24']);
    const fluidCard = within(card('Fluid Mechanics'));
    expect(fluidCard.getByRole('img', { name: 'Fluid Mechanics thumbnail' })).toHaveAttribute('src', '/files/fluid-cover');
    expect(fluidCard.getByText('Civil Engineering - 5')).toBeInTheDocument();
    expect(fluidCard.getByText('Enrolled: 0')).toBeInTheDocument();
    expect(fluidCard.getByRole('button', { name: 'Join' })).toBeInTheDocument();
    // No thumbnail: a placeholder, not a broken image.
    expect(within(card('Signals')).queryByRole('img')).toBeNull();
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('"Load more" follows the cursor and appends the next page', async () => {
    const asked: string[] = [];
    loggedInAs(aStudent());
    server.use(
      http.get(paths.courses.byTitle, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.searchParams.get('cursor') ?? 'first');
        return url.searchParams.get('cursor') === 'page-2'
          ? ok({ listofcourses: [signals], nextCursor: null })
          : ok({ listofcourses: [fluid], nextCursor: 'page-2' });
      }),
    );
    renderApp('/all-courses');
    await screen.findByRole('link', { name: 'Fluid Mechanics' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Signals' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fluid Mechanics' })).toBeInTheDocument();
    expect(asked).toEqual(['first', 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends the title (debounced) and the filters to the server in one query', async () => {
    const asked: string[] = [];
    loggedInAs(aStudent());
    server.use(
      http.get(paths.courses.byTitle, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('semester') === '4') return ok({ listofcourses: [], nextCursor: null });
        if (url.searchParams.get('branch') === 'Computer Engineering') return ok({ listofcourses: [signals], nextCursor: null });
        return ok({ listofcourses: [fluid, signals], nextCursor: null });
      }),
    );
    renderApp('/all-courses');
    await screen.findByRole('link', { name: 'Signals' });

    await userEvent.selectOptions(screen.getByLabelText('Semester'), '4');
    expect(await screen.findByText('No Courses Found')).toBeInTheDocument();
    expect(asked).toContain('?semester=4&branch=All&limit=24');

    await userEvent.selectOptions(screen.getByLabelText('Semester'), '9');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'mech');
    await waitFor(() => expect(asked).toContain('?title=mech&semester=9&branch=All&limit=24'));
    // Debounced: one search for the whole word, not one per letter.
    expect(asked.filter((a) => a.includes('title=m'))).toEqual(['?title=mech&semester=9&branch=All&limit=24']);

    await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Computer Engineering');
    expect(await screen.findByRole('link', { name: 'Signals' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Fluid Mechanics' })).toBeNull());
    expect(asked).toContain('?title=mech&semester=9&branch=Computer+Engineering&limit=24');
  });

  it('shows a failed listing in red with Retry, which asks again', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.courses.byTitle, () => fail('branch_filter_unknown', { field: 'branch' })));
    renderApp('/all-courses');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a branch from the list.');
    server.use(http.get(paths.courses.byTitle, () => ok({ listofcourses: [aCourse()], nextCursor: null })));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Fluid Mechanics' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('My Courses offers Retry too', async () => {
    let fails = true;
    loggedInAs(aProfessor());
    server.use(http.get(paths.courses.myCoursesTeacher, () => (fails ? fail('not_allowed') : ok({ listofcourses: [aCourse()] }))));
    renderApp('/my-courses');
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot do that with your account.');
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Fluid Mechanics' })).toBeInTheDocument();
  });

  it('Join sends the PATCH and the card turns to Leave with the new count', async () => {
    const student = aStudent();
    let joined = false;
    let patched = 0;
    let left = 0;
    loggedInAs(student);
    server.use(
      http.get(paths.courses.byTitle, () => ok({ listofcourses: [aCourse({ students: joined ? [student._id] : [] })], nextCursor: null })),
      http.patch(paths.courses.join(fluid._id), () => {
        patched += 1;
        joined = true;
        return ok({ course: aCourse({ students: [student._id] }) }, 'joined');
      }),
      http.patch(paths.courses.leave(fluid._id), () => {
        left += 1;
        joined = false;
        return ok({ course: aCourse() }, 'left');
      }),
    );
    const { where } = renderApp('/all-courses');
    await screen.findByRole('link', { name: 'Fluid Mechanics' });
    await userEvent.click(within(card('Fluid Mechanics')).getByRole('button', { name: 'Join' }));
    expect(await within(card('Fluid Mechanics')).findByRole('button', { name: 'Leave' })).toBeEnabled();
    expect(within(card('Fluid Mechanics')).getByText('Enrolled: 1')).toBeInTheDocument();
    expect(patched).toBe(1);

    // Leave asks first, saying what leaving costs; Stay keeps the course.
    await userEvent.click(within(card('Fluid Mechanics')).getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Fluid Mechanics?' });
    expect(dialog).toHaveTextContent('You will no longer be able to read its notes, and its exam will be dropped from your admit card.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(left).toBe(0);
    expect(within(card('Fluid Mechanics')).getByRole('button', { name: 'Leave' })).toBeInTheDocument();

    await userEvent.click(within(card('Fluid Mechanics')).getByRole('button', { name: 'Leave' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave course' }));
    expect(await within(card('Fluid Mechanics')).findByRole('button', { name: 'Join' })).toBeEnabled();
    expect(within(card('Fluid Mechanics')).getByText('Enrolled: 0')).toBeInTheDocument();
    expect(left).toBe(1);
    // Then it says so, on the same page.
    expect(await screen.findByRole('status')).toHaveTextContent('You left Fluid Mechanics.');
    expect(where.pathname).toBe('/all-courses');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says that the student left even where the course leaves the list (My Courses); a refused leave shows in the dialog', async () => {
    const student = aStudent();
    let joined = true;
    loggedInAs(student);
    server.use(
      http.get(paths.courses.myCourses, () => ok({ listofcourses: joined ? [aCourse({ students: [student._id] })] : [], nextCursor: null })),
      http.patch(paths.courses.leave(fluid._id), () => fail('not_joined')),
    );
    renderApp('/my-courses');
    await screen.findByRole('link', { name: 'Fluid Mechanics' });
    await userEvent.click(within(card('Fluid Mechanics')).getByRole('button', { name: 'Leave' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave course' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('You are not in this course.');

    server.use(
      http.patch(paths.courses.leave(fluid._id), () => {
        joined = false;
        return ok({ course: aCourse() }, 'left');
      }),
    );
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave course' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You left Fluid Mechanics.');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Fluid Mechanics' })).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('You left Fluid Mechanics.');
  });

  it('shows a refused join on the card', async () => {
    loggedInAs(aStudent());
    server.use(
      http.get(paths.courses.byTitle, () => ok({ listofcourses: [fluid], nextCursor: null })),
      http.patch(paths.courses.join(fluid._id), () => fail('already_joined')),
    );
    renderApp('/all-courses');
    await screen.findByRole('link', { name: 'Fluid Mechanics' });
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await within(card('Fluid Mechanics')).findByRole('alert')).toHaveTextContent('You have already joined this course.');
  });

  it('offers professors no Join button', async () => {
    loggedInAs(aProfessor());
    server.use(http.get(paths.courses.byTitle, () => ok({ listofcourses: [fluid], nextCursor: null })));
    renderApp('/all-courses');
    await screen.findByRole('link', { name: 'Fluid Mechanics' });
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.getByText('Enrolled: 0')).toBeInTheDocument();
  });
});

describe('MyCoursesPage', () => {
  it("a student's joined courses come from searchbymycourses; none: 'No Courses joined by you'", async () => {
    const asked: string[] = [];
    loggedInAs(aStudent());
    server.use(
      http.get(paths.courses.myCourses, ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok({ listofcourses: [] });
      }),
    );
    renderApp('/my-courses');
    expect(await screen.findByText('No Courses joined by you')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Courses' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Textile Engineering');
    await waitFor(() => expect(asked).toEqual(['?semester=9&branch=All', '?semester=9&branch=Textile+Engineering']));
  });

  it("a professor's own courses come from searchbymycoursesteacher; none: 'No Courses created by you'", async () => {
    loggedInAs(aProfessor());
    server.use(http.get(paths.courses.myCoursesTeacher, () => ok({ listofcourses: [] })));
    renderApp('/my-courses');
    expect(await screen.findByText('No Courses created by you')).toBeInTheDocument();
  });

  it('lists a professor’s courses as cards', async () => {
    loggedInAs(aProfessor());
    server.use(http.get(paths.courses.myCoursesTeacher, () => ok({ listofcourses: [fluid] })));
    renderApp('/my-courses');
    expect(await screen.findByRole('link', { name: 'Fluid Mechanics' })).toBeInTheDocument();
  });

  it('tells the exam office it has no course pages, without asking the server', async () => {
    loggedInAs(theExamOffice());
    renderApp('/my-courses');
    expect(await screen.findByText(/The exam office has no course pages/)).toBeInTheDocument();
  });
});
