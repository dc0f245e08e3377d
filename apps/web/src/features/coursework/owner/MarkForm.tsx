import type { Assignment, MarkBody, SubmissionRow } from '@campus/contract/coursework';
import { finalMarks, rubricMarks } from '@campus/contract/late-work';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorBanner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { TextAreaField, TextField } from '../../../components/Field';
import { errorText } from '../../../lib/api';
import { formatMoment } from '../../../lib/dates';
import { deferredResolver } from '../../../lib/forms';
import { useMarkStudent } from './api';
import { isChosen, markValuesOf, type MarkFormValues } from './mark-values';

/**
 * One student's marks, as a draft they do not see until it is returned: a number, or a level per
 * criterion when the assignment has a rubric (the server sums the levels); feedback; or the work
 * excused. The total and what the late penalty leaves are said as they are chosen, by the same
 * rules the server keeps (late-work.ts).
 */
export function MarkForm({ assignment: a, row }: { assignment: Assignment; row: SubmissionRow }) {
  const criteria = a.rubric?.length ?? 0;
  const [checks] = useState(() => deferredResolver(() => import('./coursework-checks').then((m) => m.markResolver({ maxMarks: a.maxMarks, criteria }))));
  const mark = useMarkStudent(a._id);
  const [saved, setSaved] = useState<string | null>(null);
  const { register, handleSubmit, formState, watch } = useForm<MarkFormValues, unknown, MarkBody>({
    resolver: checks.resolver,
    defaultValues: markValuesOf(row.mark, criteria),
  });
  const { errors } = formState;
  const name = row.student.fullname;

  const save = handleSubmit((body) => {
    setSaved(null);
    mark.mutate(
      { studentId: row.student._id, body },
      {
        // A returned mark stays returned: the student is told of the change and sees it at once.
        onSuccess: ({ data }) => setSaved(data.mark.returnedAt ? `Saved: ${name} is told and sees the change.` : `Saved as a draft: ${name} sees it once you return it.`),
      },
    );
  });

  const chosen = watch('rubric');
  const typed = watch('marks');
  const levels = Array.from({ length: criteria }, (_, i) => chosen[i]);
  const total = a.rubric
    ? levels.every(isChosen)
      ? rubricMarks(a.rubric, levels.map(Number))
      : null
    : typed.trim() !== '' && Number.isFinite(Number(typed))
      ? Number(typed)
      : null;
  const penalty = row.submission?.penalty ?? 0;

  return (
    <form noValidate onSubmit={save} onFocus={checks.preload} onChange={() => setSaved(null)} className="flex flex-col gap-3" aria-label={`Marks for ${name}`}>
      {a.rubric ? (
        a.rubric.map((c, i) => (
          <fieldset key={i} className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold text-slate-800">{c.criterion}</legend>
            {c.levels.map((level, j) => (
              <label key={j} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={String(j)} {...register(`rubric.${i}`)} />
                {level.label} ({level.marks})
              </label>
            ))}
          </fieldset>
        ))
      ) : (
        <TextField label={`Marks (out of ${a.maxMarks})`} inputMode="decimal" error={errors.marks?.message} {...register('marks')} />
      )}
      {total !== null && (
        <p aria-live="polite" className="text-sm text-slate-700">
          {a.rubric ? `Total: ${total} of ${a.maxMarks}.` : null}
          {penalty > 0 && ` Late by ${penalty}%: ${finalMarks(total, penalty)} of ${a.maxMarks} counts.`}
        </p>
      )}
      <TextAreaField label="Feedback (optional)" rows={3} error={errors.feedback?.message} {...register('feedback')} />
      {row.mark?.returnedAt && (
        <p className="text-sm text-slate-700">
          Returned <time dateTime={row.mark.returnedAt}>{formatMoment(row.mark.returnedAt)}</time>: a change is shown to {name} at once, and they are told.
        </p>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" {...register('excused')} />
        Excused (counts in no total)
      </label>
      <ErrorBanner message={errors.root?.message ?? errors.rubric?.message ?? (mark.isError ? errorText(mark.error) : null)} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={mark.isPending} aria-busy={mark.isPending || undefined}>
          {row.mark?.returnedAt ? 'Save changes' : 'Save draft'}
        </Button>
        {saved && (
          <p role="status" className="text-sm text-green-800">
            {saved}
          </p>
        )}
      </div>
    </form>
  );
}
