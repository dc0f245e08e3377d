import type { Note } from '@campus/contract/notes';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { SuccessBanner } from '../../components/Banner';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { ApiError, errorText } from '../../lib/api';
import { viewerHref } from '../../lib/viewer-href';
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
  const remove = useDeleteNotes(courseId);
  const [asking, setAsking] = useState<Note | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);

  // 403: the student was removed from the course since the page loaded; say what to do about it.
  if (q.isError && q.error instanceof ApiError && q.error.status === 403) return <JoinFirst />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  if (!q.data) return <Spinner label="Loading notes" />;

  const confirm = () => {
    if (!asking) return;
    const { _id, filename } = asking;
    remove.mutate(_id, {
      onSuccess: () => {
        setAsking(null);
        setDeleted(`“${filename}” was deleted.`);
      },
    });
  };

  return (
    // Focus lands here when the deleted note's row (and its button) is gone.
    <div ref={list} tabIndex={-1} className="flex flex-col gap-4 focus:outline-none">
      {deleted && <SuccessBanner key={deleted} message={deleted} onDismiss={() => setDeleted(null)} />}
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
                <Link to={viewerHref(note.notesfile, note.filename)} aria-label={`Open ${note.filename}`} className={link}>
                  Open
                </Link>
                <a href={note.notesfile} download aria-label={`Download ${note.filename}`} className={link}>
                  Download
                </a>
                {owner && (
                  <button
                    type="button"
                    aria-label={`Delete ${note.filename}`}
                    className={`${action} text-red-700 hover:bg-red-50`}
                    onClick={() => {
                      remove.reset();
                      setDeleted(null);
                      setAsking(note);
                    }}
                  >
                    Delete
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {owner && (
        <ConfirmDialog
          open={asking !== null}
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          title={`Delete “${asking?.filename ?? 'these notes'}”?`}
          description="The file is removed for everyone in the course. It cannot be undone."
          confirmLabel="Delete"
          onConfirm={confirm}
          pending={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          fallbackFocus={list}
        />
      )}
    </div>
  );
}

/** What a student who has not joined sees instead of the notes (docs/product.md#roles); nothing is fetched for them. */
export function JoinFirst() {
  return <p className="py-6 text-center text-lg font-semibold text-slate-600">Join Course to get notes</p>;
}
