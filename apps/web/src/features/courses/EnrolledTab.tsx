import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { useRemoveStudent, useStudentsOfCourse } from './api/students';

/** The Enrolled tab: the teacher, the count, and each student; the owner may remove one (spec §2, §6). */
export function EnrolledTab({ courseId, teacher, owner }: { courseId: string; teacher: string; owner: boolean }) {
  const q = useStudentsOfCourse(courseId);
  const remove = useRemoveStudent(courseId);

  if (q.isError) return <ErrorBanner message="Error fetching students. Please try again later." />;
  if (!q.data) return <Spinner label="Loading students" />;
  const students = q.data.studentsofcourse;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold text-campus-900">Teacher: {teacher}</h2>
        <p className="text-slate-600">Enrolled students: {students.length}</p>
      </div>
      <ErrorBanner message={remove.isError ? 'Error removing student. Please try again later.' : null} />
      {students.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {students.map((s) => (
            <li key={s.studentobjectid} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{s.name}</p>
                <p className="text-sm text-slate-600">{s.regid}</p>
              </div>
              {owner && (
                <Button
                  variant="secondary"
                  aria-label={`Remove ${s.name}`}
                  // One removal at a time; the row stays until the new list arrives.
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(s.studentobjectid)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
