import type { Assignment, SubmissionRow } from '@campus/contract/coursework';
import { useState, type FormEvent } from 'react';
import { ErrorBanner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { errorText } from '../../../lib/api';
import { formatOnCampus } from '../campus-moment';
import { refusalSentence } from '../../../lib/words';
import { useExtension } from './api';
import { campusWallClock } from './campus-clock';
import { campusInstant } from './campus-time';

/**
 * One student's own due time (an extension), typed on the campus's clock, or removed. Their
 * lateness is then counted from it; the change is written in the audit trail.
 */
export function ExtensionForm({ assignment: a, row, timeZone }: { assignment: Assignment; row: SubmissionRow; timeZone: string }) {
  const start = campusWallClock(row.extendedTo ?? a.dueAt, timeZone);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const extend = useExtension(a._id);
  const name = row.student.fullname;

  const send = (dueAt: string | null) => {
    setDone(null);
    extend.mutate(
      { studentId: row.student._id, dueAt },
      { onSuccess: ({ data }) => setDone(data.extension.dueAt ? `${name} is now due ${formatOnCampus(data.extension.dueAt, timeZone)}.` : `${name} is due with the class again.`) },
    );
  };
  const give = (e: FormEvent) => {
    e.preventDefault();
    const dueAt = campusInstant(date, time, timeZone);
    setProblem(dueAt ? null : refusalSentence({ code: 'instant_invalid', field: 'dueAt' }));
    if (dueAt) send(dueAt);
  };

  return (
    <form noValidate onSubmit={give} className="flex flex-col gap-3" aria-label={`Extension for ${name}`}>
      <p className="text-sm text-slate-700">
        {row.extendedTo ? (
          <>
            Extended to <time dateTime={row.extendedTo}>{formatOnCampus(row.extendedTo, timeZone)}</time>.
          </>
        ) : (
          'Due with the class.'
        )}{' '}
        An extension is typed on the campus&apos;s clock ({timeZone}).
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Own due date" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={problem ?? undefined} />
        <TextField label="Own due time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
      </div>
      <ErrorBanner message={extend.isError ? errorText(extend.error) : null} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={extend.isPending} aria-busy={extend.isPending || undefined}>
          {row.extendedTo ? 'Change extension' : 'Give extension'}
        </Button>
        {row.extendedTo && (
          <Button variant="secondary" disabled={extend.isPending} onClick={() => send(null)}>
            Remove extension
          </Button>
        )}
        {done && (
          <p role="status" className="text-sm text-green-800">
            {done}
          </p>
        )}
      </div>
    </form>
  );
}
