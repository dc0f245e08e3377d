import type { Note } from '@campus/contract/notes';
import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfessor } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { sizeText } from './note-details';
import { aCourse } from './test-data';

const course = aCourse();
const notesUrl = `/course/${course._id}/notes`;
const slides: Note = { _id: '0e0a0000-0000-4000-8000-000000000001', filename: 'Week 1 slides', notesfile: '/files/week-1', createdAt: '2026-12-10T09:00:00.000Z', size: 2_516_582, type: 'application/pdf' };
const sheet: Note = { _id: '0e0a0000-0000-4000-8000-000000000002', filename: 'Problem sheet', notesfile: '/files/sheet', createdAt: '2026-12-11T09:00:00.000Z', size: 800, type: 'text/plain' };

function serve(notes: () => Note[]) {
  server.use(
    http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Grace Hopper' })),
    http.get(paths.notes.ofCourse(course._id), () => ok({ notesofcourse: notes() })),
  );
}

/** The first render waits for the lazy course page, which takes a while on a busy machine. */
const PAGE_LOAD = { timeout: 5_000 };

const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('the Notes tab', () => {
  it('shows each note with its type, size and the day it was added, Open (the viewer) and Download', async () => {
    loggedInAs(aProfessor({ _id: '5f0c7d1e-0000-4000-8000-000000000003' }));
    serve(() => [slides, sheet]);
    renderApp(notesUrl);
    await screen.findByText('Week 1 slides', undefined, PAGE_LOAD);
    expect(row('Week 1 slides')).toHaveTextContent('PDF · 2.4 MB · 10 Dec 2026');
    expect(row('Problem sheet')).toHaveTextContent('Text · 800 B · 11 Dec 2026');
    expect(screen.getByRole('link', { name: 'Open Week 1 slides' })).toHaveAttribute('href', '/view?file=%2Ffiles%2Fweek-1&title=Week+1+slides');
    expect(screen.getByRole('link', { name: 'Download Week 1 slides' })).toHaveAttribute('href', '/files/week-1');
    // A reader who is not the owner deletes nothing.
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('sizes read as people say them', () => {
    expect([0, 1023, 1024, 3277, 10 * 1024 + 600, 2_516_582, 50 * 1024 * 1024].map(sizeText)).toEqual(['0 B', '1023 B', '1 KB', '3.2 KB', '11 KB', '2.4 MB', '50 MB']);
  });

  it('the owner deletes a note after confirming it; the list no longer has it and says so', async () => {
    let notes = [slides, sheet];
    let deleted = '';
    loggedInAs(aProfessor());
    serve(() => notes);
    server.use(
      http.delete(paths.notes.delete(slides._id), () => {
        deleted = slides._id;
        notes = [sheet];
        return ok({}, 'notes deleted successfully');
      }),
    );
    renderApp(notesUrl);
    const deleteSlides = await screen.findByRole('button', { name: 'Delete Week 1 slides' }, PAGE_LOAD);

    await userEvent.click(deleteSlides);
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Week 1 slides”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toBe('');
    expect(deleteSlides).toHaveFocus();

    await userEvent.click(deleteSlides);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('“Week 1 slides” was deleted.');
    await waitFor(() => expect(screen.queryByText('Week 1 slides')).toBeNull());
    expect(deleted).toBe(slides._id);
    expect(screen.getByText('Problem sheet')).toBeInTheDocument();
  });

  it('a refused delete is shown in the dialog, which stays open', async () => {
    loggedInAs(aProfessor());
    serve(() => [slides]);
    server.use(http.delete(paths.notes.delete(slides._id), () => fail('course_owner_only')));
    renderApp(notesUrl);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Week 1 slides' }, PAGE_LOAD));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Only the professor who created this course can do that.');
    expect(screen.getByText('Week 1 slides')).toBeInTheDocument();
  });

  it('a list that fails to load offers Retry', async () => {
    let fails = true;
    loggedInAs(aProfessor());
    server.use(
      http.get(paths.courses.get(course._id), () => ok({ course, owner: 'Grace Hopper' })),
      http.get(paths.notes.ofCourse(course._id), () => (fails ? fail('course_not_found') : ok({ notesofcourse: [slides] }))),
    );
    renderApp(notesUrl);
    expect(await screen.findByRole('alert', undefined, PAGE_LOAD)).toHaveTextContent('This course no longer exists.');
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Week 1 slides')).toBeInTheDocument();
  });
});
