import { pages } from '@campus/contract/pages';
import type { StoredUser } from '../../lib/secure-store';
import { Link } from 'react-router';
import { isStudent } from '../auth';

/**
 * A student with no photo on record (roster students start without one) is asked for one before
 * exam day: the invigilator checks the photo on the admit card against the student, and /verify
 * shows it (decision 0032). Nothing for anyone else.
 */
export function PhotoReminder({ viewer }: { viewer: StoredUser }) {
  if (!isStudent(viewer) || viewer.avatar) return null;
  return (
    <section aria-labelledby="home-photo" className="flex flex-col gap-2 rounded-xl bg-amber-50 p-5 text-amber-950 shadow-sm ring-1 ring-amber-200">
      <h2 id="home-photo" className="text-lg font-semibold">
        Add your photo before your first exam
      </h2>
      <p>Your admit card has no photo yet. The invigilator checks it against you at the exam hall, so add a clear photo of your face.</p>
      <Link to={pages.updateAvatar} className="self-start font-medium text-campus-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-campus-600">
        Add your photo
      </Link>
    </section>
  );
}
