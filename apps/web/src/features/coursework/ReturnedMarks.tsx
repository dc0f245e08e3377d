import type { Assignment, MyMarks } from '@campus/contract/coursework';
import { formatMoment } from '../../lib/dates';

/**
 * A student's returned marks: the marks, the late penalty and the final marks it leaves, the
 * feedback, and the level chosen for each criterion when marked with the rubric.
 */
export function ReturnedMarks({ assignment, marks }: { assignment: Pick<Assignment, 'maxMarks' | 'rubric'>; marks: MyMarks }) {
  const out = `out of ${assignment.maxMarks}`;
  return (
    <section aria-labelledby="marks-heading" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="marks-heading" className="text-lg font-bold text-campus-900">
        Your marks
      </h2>
      <p className="text-sm text-slate-600">
        Returned on <time dateTime={marks.returnedAt}>{formatMoment(marks.returnedAt)}</time>
      </p>
      {marks.excused ? (
        <p>This work was excused: it counts in no total.</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium text-slate-600">Marks</dt>
          <dd>
            {marks.marks ?? '—'} {out}
          </dd>
          <dt className="font-medium text-slate-600">Late penalty</dt>
          <dd>{marks.penalty === 0 ? 'None' : `${marks.penalty}%`}</dd>
          <dt className="font-medium text-slate-600">Final marks</dt>
          <dd className="font-semibold text-campus-900">
            {marks.finalMarks ?? '—'} {out}
          </dd>
        </dl>
      )}
      {assignment.rubric && marks.rubric && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rubric levels chosen</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 pr-4 font-medium">
                Criterion
              </th>
              <th scope="col" className="py-1 font-medium">
                Level
              </th>
            </tr>
          </thead>
          <tbody>
            {assignment.rubric.map((c, i) => {
              const level = c.levels[marks.rubric![i]!];
              return (
                <tr key={c.criterion} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {c.criterion}
                  </th>
                  <td className="py-1">{level ? `${level.label} (${level.marks} marks)` : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {marks.feedback && (
        <div>
          <h3 className="font-medium text-slate-700">Feedback</h3>
          <p className="whitespace-pre-line break-words text-slate-800">{marks.feedback}</p>
        </div>
      )}
    </section>
  );
}
