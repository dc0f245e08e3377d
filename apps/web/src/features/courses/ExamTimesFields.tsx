import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../components/Field';

/** The two form shapes that carry exam times (create-course's and updatecourse's inputs). */
interface WithExamTimes {
  examStart?: unknown;
  examEnd?: unknown;
}

/**
 * The exam's start and end, side by side: `<input type="time">` answers `HH:MM` in 24 hours
 * whatever clock the browser shows, which is what the contract takes. The contract's check
 * (both or neither, the end after the start) names the field to fix.
 */
export function ExamTimesFields<T extends WithExamTimes>({ register, errors, hint }: { register: UseFormRegister<T>; errors: FieldErrors<T>; hint: string }) {
  const reg = register as unknown as UseFormRegister<WithExamTimes>;
  const errs = errors as FieldErrors<WithExamTimes>;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">Exam time</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Exam starts" type="time" error={errs.examStart?.message} {...reg('examStart')} />
        <TextField label="Exam ends" type="time" error={errs.examEnd?.message} {...reg('examEnd')} />
      </div>
      <p className="text-sm text-slate-600">{hint}</p>
    </fieldset>
  );
}
