import { paths } from '@campus/contract/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aPng, aProfessor, aStudent, theExamOffice } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aCourse } from './test-data';

const created = aCourse({ _id: '7c0a0000-0000-4000-8000-0000000000aa' });

async function fillIn() {
  const main = within(await screen.findByRole('main'));
  await userEvent.type(await main.findByLabelText('Title'), 'Fluid Mechanics');
  await userEvent.type(main.getByLabelText('Description'), 'Flow and pressure.');
  await userEvent.type(main.getByLabelText('Course number'), '211070555');
  return main;
}

describe('AddCoursePage', () => {
  it('names each wrong field and sends nothing', async () => {
    let sent = false;
    loggedInAs(aProfessor());
    server.use(
      http.post(paths.courses.create, () => {
        sent = true;
        return ok({ course: created });
      }),
    );
    renderApp('/add-course');
    await userEvent.type(await screen.findByLabelText('Course number'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    expect(screen.getByText('Enter a description.')).toBeInTheDocument();
    expect(screen.getByText('A course number has at least 9 digits.')).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('refuses a thumbnail that is not png or jpeg', async () => {
    loggedInAs(aProfessor());
    renderApp('/add-course');
    const main = await fillIn();
    await userEvent.upload(main.getByLabelText('Thumbnail'), new File(['gif'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    await userEvent.click(main.getByRole('button', { name: 'Add Course' }));
    expect(await main.findByText('Choose a picture that is a PNG or JPEG image.')).toBeInTheDocument();
  });

  it('sends the multipart fields, then opens the new course, which says "Course created." until dismissed', async () => {
    let form: FormData | undefined;
    loggedInAs(aProfessor());
    server.use(
      http.post(paths.courses.create, async ({ request }) => {
        form = await request.formData();
        return ok({ course: created }, 'course created successfully', 201);
      }),
      http.get(paths.courses.get(created._id), () => ok({ course: created, owner: 'Grace Hopper' })),
    );
    const { where } = renderApp('/add-course');
    const main = await fillIn();
    expect(main.getByLabelText('Semester')).toHaveValue('1');
    expect(main.getByLabelText('Branch')).toHaveValue('Computer Engineering');
    await userEvent.selectOptions(main.getByLabelText('Semester'), '5');
    await userEvent.selectOptions(main.getByLabelText('Branch'), 'Civil Engineering');
    fireEvent.change(main.getByLabelText('Exam date'), { target: { value: '2026-12-14' } });
    await userEvent.type(main.getByLabelText('Exam centre (optional)'), ' Main Block, Hall 2 ');
    fireEvent.change(main.getByLabelText('Exam starts'), { target: { value: '14:00' } });
    fireEvent.change(main.getByLabelText('Exam ends'), { target: { value: '17:00' } });
    await userEvent.upload(main.getByLabelText('Thumbnail'), aPng('cover.png'));
    await userEvent.click(main.getByRole('button', { name: 'Add Course' }));

    await waitFor(() => expect(where.pathname).toBe(`/course/${created._id}`));
    expect(await screen.findByRole('heading', { name: 'Fluid Mechanics' })).toBeInTheDocument();
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Success');
    expect(banner).toHaveTextContent('Course created.');
    expect(Object.fromEntries([...form!.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file ${v.name}`]))).toEqual({
      title: 'Fluid Mechanics',
      description: 'Flow and pressure.',
      coursenumber: '211070555',
      semester: '5',
      branch: 'Civil Engineering',
      examDate: '2026-12-14',
      examStart: '14:00',
      examEnd: '17:00',
      examCentre: 'Main Block, Hall 2',
      thumbnail: 'file cover.png',
    });

    // Taken out of the history entry at once: a reload or a later Back does not say it again.
    await waitFor(() => expect(where.state).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Course created.');
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(where.pathname).toBe(`/course/${created._id}`);
  });

  it('names the exam time to fix: an end without a start, an end before the start', async () => {
    loggedInAs(aProfessor());
    renderApp('/add-course');
    const main = await fillIn();
    fireEvent.change(main.getByLabelText('Exam ends'), { target: { value: '12:00' } });
    await userEvent.click(main.getByRole('button', { name: 'Add Course' }));
    expect(await main.findByText('Enter when the exam starts too, or leave both times empty.')).toBeInTheDocument();
    fireEvent.change(main.getByLabelText('Exam starts'), { target: { value: '13:00' } });
    await userEvent.click(main.getByRole('button', { name: 'Add Course' }));
    expect(await main.findByText('The exam must end after it starts.')).toBeInTheDocument();
  });

  it('leaves out an empty exam date, exam centre and thumbnail', async () => {
    let fields: string[] = [];
    loggedInAs(aProfessor());
    server.use(
      http.post(paths.courses.create, async ({ request }) => {
        fields = [...(await request.formData()).keys()];
        return ok({ course: created }, 'course created successfully', 201);
      }),
      http.get(paths.courses.get(created._id), () => ok({ course: created, owner: 'Grace Hopper' })),
    );
    renderApp('/add-course');
    const main = await fillIn();
    await userEvent.click(main.getByRole('button', { name: 'Add Course' }));
    await screen.findByRole('status');
    expect(fields.sort()).toEqual(['branch', 'coursenumber', 'description', 'semester', 'title']);
  });

  it("shows the server's refusal in red and keeps the form", async () => {
    loggedInAs(aProfessor());
    server.use(http.post(paths.courses.create, () => fail('coursenumber_taken')));
    renderApp('/add-course');
    const main = await fillIn();
    await userEvent.click(main.getByRole('button', { name: 'Add Course' }));
    expect(await main.findByRole('alert')).toHaveTextContent('Another course already has this course number. Check it, or choose another.');
    expect(main.getByRole('button', { name: 'Add Course' })).toBeEnabled();
  });

  it.each([
    ['a student', aStudent(), 'Only professors can create courses'],
    ['the exam office', theExamOffice(), 'The exam office does not create courses'],
  ])('%s sees a message, not the form', async (_who, user, text) => {
    loggedInAs(user);
    renderApp('/add-course');
    expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
