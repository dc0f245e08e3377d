import { api } from '@campus/contract/api';
import type { CourseWithOwner } from '@campus/contract/courses';
import type { Gradebook } from '@campus/contract/coursework';
import type { WorkState } from '@campus/contract/late-work';
import { pages } from '@campus/contract/pages';
import type { User } from '@campus/contract/users';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { NotForYou } from '../../../components/NotForYou';
import { LoadError } from '../../../components/LoadError';
import { usePageLoad } from '../../../components/PageLoad';
import { Spinner } from '../../../components/Spinner';
import { urlOf } from '../../../lib/api';
import '../../../lib/coursework-words';
import { RequireUser } from '../../auth';
import { useCourseOf, useGradebook } from './api';

const COURSE_NOT_FOUND = { title: 'Course not found', detail: 'It may have been deleted.', back: { to: pages.myCourses, label: 'My Courses' } };

/** A cell without returned marks: where the student stands instead ("—" when nothing is due yet). */
const CELL_WORDS: Record<WorkState, string> = {
  assigned: '—',
  submitted: 'Handed in',
  late: 'Late',
  missing: 'Missing',
  marked: 'Draft',
  returned: '—',
  excused: 'Excused',
};

const cell = 'px-3 py-2 whitespace-nowrap';

/** /gradebook/:courseId: the course's professor reads every student's returned marks on every published item (docs/product.md#coursework). */
export default function GradebookPage() {
  const { courseId = '' } = useParams();
  return <RequireUser>{(user) => <GradebookView key={courseId} courseId={courseId} user={user} />}</RequireUser>;
}

function GradebookView({ courseId, user }: { courseId: string; user: User }) {
  const course = useCourseOf(courseId);
  const owner = course.data?.course.owner === user._id;
  // Asked only of the owner: anyone else would be refused (403).
  const gradebook = useGradebook(courseId, owner);
  const page = usePageLoad(course, {
    title: (data) => (data.course.owner === user._id ? `Gradebook: ${data.course.title}` : 'Not your course'),
    loadingTitle: 'Gradebook',
    notFound: COURSE_NOT_FOUND,
    loadingLabel: 'Loading gradebook',
  });
  if (page.screen) return page.screen;
  if (!owner) return <NotForYou>Only the professor of this course can read its gradebook.</NotForYou>;
  if (gradebook.isError) return <LoadError error={gradebook.error} onRetry={() => gradebook.refetch()} retrying={gradebook.isFetching} />;
  if (!gradebook.data) return <Spinner label="Loading gradebook" />;
  return <GradebookTable course={page.data} gradebook={gradebook.data} />;
}

/** A percent to one decimal, as people write it. */
const percentWords = (percent: number | null) => (percent === null ? '—' : `${Math.round(percent * 10) / 10}%`);

function GradebookTable({ course, gradebook }: { course: CourseWithOwner; gradebook: Gradebook }) {
  const courseId = course.course._id;
  return (
    <article className="flex flex-col gap-4">
      <header className="flex flex-col gap-2">
        <Link to={pages.course(courseId, 'classwork')} className="self-start text-sm font-medium text-campus-700 underline-offset-2 hover:underline">
          Back to classwork
        </Link>
        <h1 className="break-words text-2xl font-bold text-campus-900 sm:text-3xl">Gradebook</h1>
        <p className="text-slate-700">
          {course.course.title}: returned marks on each published item, after late penalties. Excused work counts in no total.
        </p>
        <a href={urlOf(api.coursework.gradebook, { params: { courseId }, query: { format: 'csv' } })} download className={buttonClass('secondary', 'self-start')}>
          Download CSV
        </a>
      </header>
      {gradebook.rows.length === 0 ? (
        <p className="text-slate-600">No students are enrolled yet.</p>
      ) : (
        // Sideways on a phone, the student's name kept in view; focusable so a keyboard can scroll it.
        <div role="region" aria-label="Gradebook" tabIndex={0} className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-campus-600">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs font-semibold text-slate-700">
              <tr>
                <th scope="col" className={`${cell} sticky left-0 z-10 bg-slate-50`}>
                  Student
                </th>
                {gradebook.assignments.map((a) => (
                  <th key={a._id} scope="col" className={`${cell} font-semibold`}>
                    <Link to={pages.assignment(a._id)} className="text-campus-800 underline-offset-2 hover:underline">
                      {a.title}
                    </Link>
                    <span className="block font-normal text-slate-600">
                      {a.kind === 'test' ? 'Class test, ' : ''}out of {a.maxMarks}
                    </span>
                  </th>
                ))}
                <th scope="col" className={cell}>
                  Total
                </th>
                <th scope="col" className={cell}>
                  Percent
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {gradebook.rows.map((row) => (
                <tr key={row.student._id}>
                  <th scope="row" className={`${cell} sticky left-0 z-10 bg-white font-normal`}>
                    <span className="block font-medium text-slate-900">{row.student.fullname}</span>
                    <span className="block text-xs text-slate-600">{row.student.registrationId}</span>
                  </th>
                  {row.cells.map((c, i) => (
                    <td key={gradebook.assignments[i]?._id ?? i} className={`${cell} ${c.finalMarks === null ? 'text-slate-600' : 'text-slate-900'}`}>
                      {c.finalMarks ?? CELL_WORDS[c.state]}
                    </td>
                  ))}
                  <td className={`${cell} font-semibold text-slate-900`}>{row.total}</td>
                  <td className={`${cell} font-semibold text-slate-900`}>{percentWords(row.percent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
