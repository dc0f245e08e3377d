import { pages } from '@campus/contract/pages';
import type { Note } from '@campus/contract/notes';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useConfirmAction } from '../../components/ConfirmAction';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { useDeleteNotes, useNotesOfCourse } from './api/notes';
import { noteDetails } from './note-details';

const action = 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-campus-600';
const link = `${action} text-campus-700 hover:bg-slate-50`;

/**
 * The Notes tab for the course's readers: each file with its type, size and the day it was
 * added, Open (the in-app viewer) and Download; the owner may also delete one, after a confirmation.
 */
export function NotesTab({ courseId, owner = false }: { courseId: string; owner?: boolean }) {
  const q = useNotesOfCourse(courseId);
  const list = useRef<HTMLDivElement>(null);
  const remove = useConfirmAction({
    mutation: useDeleteNotes(courseId),
    variables: (note: Note) => note._id,
    words: (note) => ({ title: `Delete “${note.filename}”?`, description: 'The file is removed for everyone in the course. It cannot be undone.', confirmLabel: 'Delete' }),
    doneMessage: (note) => `“${note.filename}” was deleted.`,
    fallbackFocus: list,
  });

  // 403: the student was removed from the course since the page loaded; say what to do about it.
  if (q.isError && q.error instanceof ApiError && q.error.status === 403) return <JoinFirst />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  if (!q.data) return <Spinner label="Loading notes" />;

  return (
    // Focus lands here when the deleted note's row (and its button) is gone.
    <div ref={list} tabIndex={-1} className="flex flex-col gap-4 focus:outline-none">
      {remove.banner}
      {q.data.length === 0 ? (
        <p className="py-6 text-center text-lg font-semibold text-slate-600">No notes yet</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {q.data.map((note) => (
            <li key={note._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{note.filename}</p>
                <p className="text-sm text-slate-600">{noteDetails(note)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={pages.view(note.notesfile, note.filename)} aria-label={`Open ${note.filename}`} className={link}>
                  Open
                </Link>
                <a href={note.notesfile} download aria-label={`Download ${note.filename}`} className={link}>
                  Download
                </a>
                {owner && (
                  <button type="button" aria-label={`Delete ${note.filename}`} className={`${action} text-red-700 hover:bg-red-50`} {...remove.trigger(note)}>
                    Delete
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {remove.dialog}
    </div>
  );
}

/** What a student who has not joined sees instead of the notes (docs/product.md#roles); nothing is fetched for them. */
export function JoinFirst() {
  return <p className="py-6 text-center text-lg font-semibold text-slate-600">Join Course to get notes</p>;
}
