import type { Course } from '@campus/contract/courses';
import type { Note } from '@campus/contract/notes';
import { paths } from '@campus/contract/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aPng, aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aCourse } from './test-data';

const student = aStudent();
const prof = aProfessor();
const otherProf = aProfessor({ _id: '5f0c7d1e-0000-4000-8000-000000000003', fullname: 'Alan Turing' });
const lecture: Note = { _id: 'n1', filename: 'Lecture 1', notesfile: '/files/lecture-1', createdAt: '2026-01-02T00:00:00.000Z', size: 2_516_582, type: 'application/pdf' };

/** getcourse answering the given course (a function: the test may change it), owned by Grace Hopper. */
function serveCourse(course: () => Course) {
  server.use(http.get(paths.courses.get(course()._id), () => ok({ course: course(), owner: 'Grace Hopper' })));
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
const openTab = async (name: string) => {
  await userEvent.click(await screen.findByRole('tab', { name }));
  expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};

describe('CoursePage', () => {
  it('shows the header and all eight tabs to the owner', async () => {
    loggedInAs(prof);
    serveCourse(() => aCourse());
    renderApp(`/course/${aCourse()._id}`);
    expect(await screen.findByRole('heading', { name: 'Fluid Mechanics' })).toBeInTheDocument();
    expect(screen.getByText('By Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('Civil Engineering - 5')).toBeInTheDocument();
    expect(screen.getByText('Exam date: Mon, 14 Dec 2026')).toBeInTheDocument();
    expect(tabNames()).toEqual(['Course', 'Stream', 'Classwork', 'Enrolled', 'Notes', 'Add Notes', 'Edit Course', 'Delete Course']);
    expect(screen.getByText('Course number: 211070555')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('shows a student the three reading tabs and Join; another professor the same without Join', async () => {
    loggedInAs(student);
    serveCourse(() => aCourse({ examDate: null }));
    const first = renderApp(`/course/${aCourse()._id}`);
    expect(await screen.findByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Course', 'Enrolled', 'Notes']);
    expect(screen.getByText('Exam date: TBA')).toBeInTheDocument();
    first.unmount();

    loggedInAs(otherProf);
    renderApp(`/course/${aCourse()._id}`);
    await screen.findByRole('heading', { name: 'Fluid Mechanics' });
    expect(tabNames()).toEqual(['Course', 'Enrolled', 'Notes']);
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('the header says when the exam date changed after it was first set, and where the exam is sat', async () => {
    loggedInAs(student);
    let course = aCourse({ examDate: '2026-12-03', examDateChangedAt: '2026-11-26T12:00:00.000Z', examCentre: 'Main Block, Hall 2' });
    serveCourse(() => course);
    const first = renderApp(`/course/${course._id}`);
    expect(await screen.findByText('Exam date: Thu, 3 Dec 2026 · changed on 26 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Exam centre: Main Block, Hall 2')).toBeInTheDocument();
    first.unmount();

    // As first set: no change to speak of, and no centre given.
    course = aCourse({ examDate: '2026-12-03', examDateChangedAt: null, examCentre: null });
    const second = renderApp(`/course/${course._id}`);
    expect(await screen.findByText('Exam date: Thu, 3 Dec 2026')).toBeInTheDocument();
    expect(screen.queryByText(/changed on/)).toBeNull();
    expect(screen.queryByText(/Exam centre/)).toBeNull();
    second.unmount();

    // Cleared since: TBA, and when.
    course = aCourse({ examDate: null, examDateChangedAt: '2026-11-27T12:00:00.000Z' });
    renderApp(`/course/${course._id}`);
    expect(await screen.findByText('Exam date: TBA · changed on 27 Nov 2026')).toBeInTheDocument();
  });

  it("says 'Course not found' for a 404 and the fixed message for other failures", async () => {
    loggedInAs(student);
    server.use(http.get(paths.courses.get('missing'), () => fail('course_not_found')));
    const first = renderApp('/course/missing');
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    first.unmount();

    server.use(http.get(paths.courses.get('refused'), () => fail('not_allowed')));
    renderApp('/course/refused');
    expect(await screen.findByText('Error fetching course. Please try again later.')).toBeInTheDocument();
  });

  it("a student who has not joined reads 'Join Course to get notes' and no notes are asked for; joining opens them", async () => {
    let notesAsked = 0;
    let joined = false;
    loggedInAs(student);
    serveCourse(() => aCourse({ students: joined ? [student._id] : [] }));
    server.use(
      http.get(paths.notes.ofCourse(aCourse()._id), () => {
        notesAsked += 1;
        return ok({ notesofcourse: [lecture] });
      }),
      http.patch(paths.courses.join(aCourse()._id), () => {
        joined = true;
        return ok({ course: aCourse({ students: [student._id] }) });
      }),
    );
    renderApp(`/course/${aCourse()._id}`);
    await openTab('Notes');
    expect(screen.getByText('Join Course to get notes')).toBeInTheDocument();
    expect(notesAsked).toBe(0);

    await openTab('Course');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('button', { name: 'Leave' })).toBeInTheDocument();
    await openTab('Notes');
    const link = await screen.findByRole('link', { name: 'Download Lecture 1' });
    expect(link).toHaveAttribute('href', '/files/lecture-1');
    expect(link).toHaveAttribute('download');
    expect(link).toHaveTextContent('Download');
    expect(notesAsked).toBe(1);
  });

  it("a student removed since the page loaded (notes refused with 403) is told to join again", async () => {
    loggedInAs(student);
    serveCourse(() => aCourse({ students: [student._id] }));
    server.use(http.get(paths.notes.ofCourse(aCourse()._id), () => fail('join_to_read_notes')));
    renderApp(`/course/${aCourse()._id}`);
    await openTab('Notes');
    expect(await screen.findByText('Join Course to get notes')).toBeInTheDocument();
  });

  it("an empty notes list says 'No notes yet'", async () => {
    loggedInAs(otherProf);
    serveCourse(() => aCourse());
    server.use(http.get(paths.notes.ofCourse(aCourse()._id), () => ok({ notesofcourse: [] })));
    renderApp(`/course/${aCourse()._id}`);
    await openTab('Notes');
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
  });

  it('lists the enrolled students under the teacher; the owner removes one', async () => {
    let enrolled = [
      { name: 'Ada Lovelace', regid: 211070001, studentobjectid: student._id },
      { name: 'Bob Ross', regid: 211070002, studentobjectid: 'bob' },
    ];
    let removed = '';
    loggedInAs(prof);
    serveCourse(() => aCourse({ students: enrolled.map((s) => s.studentobjectid) }));
    server.use(
      http.get(paths.courses.students(aCourse()._id), () => ok({ studentsofcourse: enrolled, students: enrolled.map((s) => s.studentobjectid) })),
      http.patch(paths.courses.removeStudent(aCourse()._id, 'bob'), () => {
        removed = 'bob';
        enrolled = enrolled.filter((s) => s.studentobjectid !== 'bob');
        return ok({ course: aCourse({ students: [student._id] }) });
      }),
    );
    renderApp(`/course/${aCourse()._id}`);
    await openTab('Enrolled');
    expect(await screen.findByRole('heading', { name: 'Professor: Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Enrolled students: 2')).toBeInTheDocument();
    expect(screen.getByText('211070002')).toBeInTheDocument();
    const removeBob = screen.getByRole('button', { name: 'Remove Bob Ross' });

    // Asked first, naming the student; Cancel removes nobody and gives focus back.
    await userEvent.click(removeBob);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bob Ross from the course?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(removed).toBe('');
    expect(removeBob).toHaveFocus();

    await userEvent.click(removeBob);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Bob Ross was removed from the course.');
    await waitFor(() => expect(screen.queryByText('Bob Ross')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(removed).toBe('bob');
    expect(screen.getByText('Enrolled students: 1')).toBeInTheDocument();
    // The button that opened the dialog is gone with its row: focus goes to the list's heading.
    expect(screen.getByRole('heading', { name: 'Professor: Grace Hopper' })).toHaveFocus();
  });

  it('shows the fixed messages when the students cannot be fetched (with Retry) or removed (in the dialog)', async () => {
    const one = [{ name: 'Bob Ross', regid: 211070002, studentobjectid: 'bob' }];
    loggedInAs(prof);
    serveCourse(() => aCourse({ students: ['bob'] }));
    server.use(
      http.get(paths.courses.students(aCourse()._id), () => ok({ studentsofcourse: one, students: ['bob'] })),
      http.patch(paths.courses.removeStudent(aCourse()._id, 'bob'), () => fail('student_not_enrolled')),
    );
    const first = renderApp(`/course/${aCourse()._id}`);
    await openTab('Enrolled');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Bob Ross' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Error removing student. Please try again later.');
    first.unmount();

    server.use(http.get(paths.courses.students(aCourse()._id), () => fail('not_allowed')));
    renderApp(`/course/${aCourse()._id}`);
    await openTab('Enrolled');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching students. Please try again later.');
    server.use(http.get(paths.courses.students(aCourse()._id), () => ok({ studentsofcourse: one, students: ['bob'] })));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Bob Ross')).toBeInTheDocument();
  });

  it('other readers see no Remove buttons', async () => {
    loggedInAs(otherProf);
    serveCourse(() => aCourse());
    server.use(
      http.get(paths.courses.students(aCourse()._id), () => ok({ studentsofcourse: [{ name: 'Bob Ross', regid: 211070002, studentobjectid: 'bob' }], students: ['bob'] })),
    );
    renderApp(`/course/${aCourse()._id}`);
    await openTab('Enrolled');
    await screen.findByText('Bob Ross');
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('Add Notes uploads filename + notesfile with a progress bar, then shows the Notes tab with the new file and the success', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let notes: Note[] = [];
    let form: FormData | undefined;
    loggedInAs(prof);
    serveCourse(() => aCourse());
    server.use(
      http.get(paths.notes.ofCourse(aCourse()._id), () => ok({ notesofcourse: notes })),
      http.post(paths.notes.create(aCourse()._id), async ({ request }) => {
        form = await request.formData();
        await answered;
        notes = [lecture];
        return ok({ notes: lecture }, 'notes added successfully', 201);
      }),
    );
    renderApp(`/course/${aCourse()._id}`);
    await openTab('Add Notes');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Notes' }));
    expect(await screen.findByText('Give the notes a name.')).toBeInTheDocument();
    expect(screen.getByText('Choose the notes file.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('File name'), 'Lecture 1');
    await userEvent.upload(screen.getByLabelText('Notes file'), new File(['hello'], 'lecture1.txt', { type: 'text/plain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Notes' }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('button', { name: 'Add Notes' })).toBeDisabled();
    answer();

    // Back on the Notes tab at once: the new file in the list, the success said above it.
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Notes added.');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByRole('link', { name: 'Download Lecture 1' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(form!.get('filename')).toBe('Lecture 1');
    expect(form!.get('notesfile')).toMatchObject({ name: 'lecture1.txt' });

    // Add Notes again is a fresh form; the banner goes with the tab change.
    await openTab('Add Notes');
    expect(await screen.findByLabelText('File name')).toHaveValue('');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Edit Course is prefilled; Save sends JSON (a cleared date as null), returns to the Course tab with the banner', async () => {
    let sent: unknown;
    let course = aCourse({ examCentre: 'Main Block, Hall 2' });
    loggedInAs(prof);
    serveCourse(() => course);
    server.use(
      http.get(paths.courses.myCoursesTeacher, () => ok({ listofcourses: [course] })),
      http.patch(paths.courses.update(course._id), async ({ request }) => {
        sent = await request.json();
        course = aCourse({ title: 'Fluid Mechanics (revised)', examDate: null });
        return ok({ course }, 'course updated successfully');
      }),
    );
    renderApp(`/course/${course._id}`);
    await openTab('Edit Course');
    expect(await screen.findByLabelText('Title')).toHaveValue('Fluid Mechanics');
    expect(screen.getByLabelText('Semester')).toHaveValue('5');
    expect(screen.getByLabelText('Branch')).toHaveValue('Civil Engineering');
    expect(screen.getByLabelText('Exam date')).toHaveValue('2026-12-14');
    expect(screen.getByLabelText('Exam centre (optional)')).toHaveValue('Main Block, Hall 2');
    await userEvent.type(screen.getByLabelText('Title'), ' (revised)');
    fireEvent.change(screen.getByLabelText('Exam date'), { target: { value: '' } });
    await userEvent.clear(screen.getByLabelText('Exam centre (optional)'));
    await userEvent.type(screen.getByLabelText('Exam centre (optional)'), 'Library, Room 4');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Course updated.');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Course' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('heading', { name: 'Fluid Mechanics (revised)' })).toBeInTheDocument();
    expect(screen.getByText('Exam date: TBA')).toBeInTheDocument();
    expect(sent).toEqual({
      title: 'Fluid Mechanics (revised)',
      description: 'Flow, pressure and the equations that hold them together.',
      semester: 5,
      branch: 'Civil Engineering',
      examDate: null,
      examCentre: 'Library, Room 4',
      // The times it had, sent back as they were.
      examStart: '09:15',
      examEnd: '12:15',
    });
  });

  it('Edit Course replaces the thumbnail (multipart PATCH updatecoursethumbnail), returns to the Course tab with the banner', async () => {
    let sent: string[] = [];
    let course = aCourse();
    loggedInAs(prof);
    serveCourse(() => course);
    server.use(
      http.patch(paths.courses.updateThumbnail(course._id), async ({ request }) => {
        const form = await request.formData();
        sent = [...form.entries()].map(([k, v]) => (typeof v === 'string' ? `${k}=${v}` : `${k}: file ${v.name}`));
        course = aCourse({ thumbnail: '/files/new-cover' });
        return ok({ course }, 'course thumbnail updated successfully');
      }),
    );
    renderApp(`/course/${course._id}`);
    await openTab('Edit Course');
    const section = within(await screen.findByRole('form', { name: 'Course thumbnail' }));
    expect(section.getByRole('img', { name: 'Fluid Mechanics thumbnail' })).toHaveAttribute('src', '/files/fluid-cover');

    // Nothing picked, or not an image: said at once, nothing sent.
    await userEvent.click(section.getByRole('button', { name: 'Upload thumbnail' }));
    expect(await section.findByText('Choose a picture.')).toBeInTheDocument();
    await userEvent.upload(section.getByLabelText('Thumbnail'), new File(['gif'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    await userEvent.click(section.getByRole('button', { name: 'Upload thumbnail' }));
    expect(await section.findByText('Choose a picture that is a PNG or JPEG image.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.upload(section.getByLabelText('Thumbnail'), aPng('new-cover.png'));
    await userEvent.click(section.getByRole('button', { name: 'Upload thumbnail' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thumbnail updated.');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Course' })).toHaveAttribute('aria-selected', 'true'));
    expect(sent).toEqual(['thumbnail: file new-cover.png']);
    await openTab('Edit Course');
    expect(within(await screen.findByRole('form', { name: 'Course thumbnail' })).getByRole('img', { name: 'Fluid Mechanics thumbnail' })).toHaveAttribute('src', '/files/new-cover');
  });

  it("a refused thumbnail shows in red under the picker", async () => {
    loggedInAs(prof);
    serveCourse(() => aCourse());
    server.use(http.patch(paths.courses.updateThumbnail(aCourse()._id), () => fail('file_wrong_type', { field: 'thumbnail', params: { types: ['png', 'jpeg'], noun: 'image' } })));
    renderApp(`/course/${aCourse()._id}`);
    await openTab('Edit Course');
    const section = within(await screen.findByRole('form', { name: 'Course thumbnail' }));
    await userEvent.upload(section.getByLabelText('Thumbnail'), aPng('cover.png'));
    await userEvent.click(section.getByRole('button', { name: 'Upload thumbnail' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Choose a picture that is a PNG or JPEG image.');
    expect(section.getByRole('button', { name: 'Upload thumbnail' })).toBeEnabled();
  });

  it('Delete Course asks first, then goes to /my-courses, which says "Course deleted.", and the course is not asked for again', async () => {
    let gets = 0;
    let deleted = false;
    loggedInAs(prof);
    server.use(
      http.get(paths.courses.get(aCourse()._id), () => {
        gets += 1;
        return deleted ? fail('course_not_found') : ok({ course: aCourse(), owner: 'Grace Hopper' });
      }),
      http.delete(paths.courses.delete(aCourse()._id), () => {
        deleted = true;
        return ok({}, 'course deleted successfully');
      }),
      http.get(paths.courses.myCoursesTeacher, () => ok({ listofcourses: [] })),
    );
    const { where } = renderApp(`/course/${aCourse()._id}`);
    await openTab('Delete Course');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Course' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this course ?');

    // "No, cancel" closes it without deleting.
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Course' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: "Yes, I'm sure" }));
    await waitFor(() => expect(where.pathname).toBe('/my-courses'));
    expect(await screen.findByText('No Courses created by you')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Course deleted.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Course not found')).toBeNull();
    expect(gets).toBe(1);
  });
});
