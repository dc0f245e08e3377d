import type { Assignment } from '@campus/contract/coursework';
import { pages } from '@campus/contract/pages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The top of an assignment's page, for either side: the way back to the course's classwork, the title, then what each side sees of it. */
export function AssignmentHeader({ assignment: a, children }: { assignment: Pick<Assignment, 'courseId' | 'title'>; children: ReactNode }) {
  return (
    <header className="flex flex-col gap-2">
      <Link to={pages.course(a.courseId, 'classwork')} className="self-start text-sm font-medium text-campus-700 underline-offset-2 hover:underline">
        Back to classwork
      </Link>
      <h1 className="break-words text-2xl font-bold text-campus-900 sm:text-3xl">{a.title}</h1>
      {children}
    </header>
  );
}
