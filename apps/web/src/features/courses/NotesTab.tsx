import { ErrorBanner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { ApiError, errorText } from '../../lib/api';
import { useNotesOfCourse } from './api/notes';

/** The Notes tab for the course's readers: each file with its Download link (the server sends it as an attachment). */
export function NotesTab({ courseId }: { courseId: string }) {
  const q = useNotesOfCourse(courseId);
  // 403: the student was removed from the course since the page loaded; say what to do about it.
  if (q.isError && q.error instanceof ApiError && q.error.status === 403) return <JoinFirst />;
  if (q.isError) return <ErrorBanner message={errorText(q.error)} />;
  if (!q.data) return <Spinner label="Loading notes" />;
  if (q.data.length === 0) return <p className="py-6 text-center text-lg font-semibold text-slate-600">No notes yet</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {q.data.map((note) => (
        <li key={note._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <span className="min-w-0 break-words font-medium text-slate-900">{note.filename}</span>
          <a
            href={note.notesfile}
            download
            aria-label={`Download ${note.filename}`}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-campus-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-campus-600"
          >
            Download
          </a>
        </li>
      ))}
    </ul>
  );
}

/** What a student who has not joined sees instead of the notes (spec §6); nothing is fetched for them. */
export function JoinFirst() {
  return <p className="py-6 text-center text-lg font-semibold text-slate-600">Join Course to get notes</p>;
}
