import type { EnrolledStudent } from '@campus/contract/courses';
import { useRef } from 'react';
import { Button } from '../../components/Button';
import { useConfirmAction } from '../../components/ConfirmAction';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useRemoveStudent, useStudentsOfCourse } from './api/students';

/** The Enrolled tab: the teacher, the count, and each student; the owner may remove one, after a confirmation (docs/product.md#courses). */
export function EnrolledTab({ courseId, teacher, owner }: { courseId: string; teacher: string; owner: boolean }) {
  const q = useStudentsOfCourse(courseId);
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = useConfirmAction({
    mutation: useRemoveStudent(courseId),
    variables: (s: EnrolledStudent) => s.studentobjectid,
    words: (s) => ({
      title: `Remove ${s.name} from the course?`,
      description: 'They lose access to its notes at once and are told they were removed. They can join again.',
      confirmLabel: 'Remove',
    }),
    failure: () => 'Error removing student. Please try again later.',
    doneMessage: (s) => `${s.name} was removed from the course.`,
    fallbackFocus: heading,
  });

  if (q.isError) return <LoadError message="Error fetching students. Please try again later." onRetry={() => q.refetch()} retrying={q.isFetching} />;
  if (!q.data) return <Spinner label="Loading students" />;
  const students = q.data.studentsofcourse;

  return (
    <div className="flex flex-col gap-4">
      <div>
        {/* Focus lands here when the removed student's row (and its button) is gone. */}
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-campus-900 focus:outline-none">
          Professor: {teacher}
        </h2>
        <p className="text-slate-600">Enrolled students: {students.length}</p>
      </div>
      {remove.banner}
      {students.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {students.map((s) => (
            <li key={s.studentobjectid} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{s.name}</p>
                <p className="text-sm text-slate-600">{s.regid}</p>
              </div>
              {owner && (
                <Button variant="secondary" aria-label={`Remove ${s.name}`} {...remove.trigger(s)}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {remove.dialog}
    </div>
  );
}
