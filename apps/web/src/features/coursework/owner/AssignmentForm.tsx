import { ATTACHMENTS_MAX, RUBRIC_CRITERIA_MAX } from '@campus/contract/coursework-limits';
import { Suspense, lazy, useId, useRef, useState, type Ref } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ErrorBanner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { SelectField, TextAreaField, TextField } from '../../../components/Field';
import { deferredResolver, fileLimitsText, fileProblem } from '../../../lib/forms';
import { refusalSentence } from '../../../lib/words';
import { emptyCriterion, type AssignmentDraft, type AssignmentFormValues, type RubricCriterionInput } from './assignment-values';

// Loaded when used, outside the form's first load: the rubric editor (and the late-work sums of
// its total) once the rubric has a criterion, the upload's progress bar once files are chosen.
const RubricEditor = lazy(() => import('./RubricEditor'));
const loadProgressBar = () => import('../../../components/ProgressBar');
const ProgressBar = lazy(() => loadProgressBar().then((m) => ({ default: m.ProgressBar })));

const KINDS = [
  { value: 'assignment', label: 'Assignment (students hand in work)' },
  { value: 'test', label: 'Class test (marked on paper)' },
];

/** How the page's save is going: `useUpload().track(mutation)` gives it, or a plain mutation's state. */
export interface AssignmentSaving {
  percent: number | null;
  pending: boolean;
  error: string | null;
}

/**
 * The assignment form of Add Assignment and Edit Assignment, one form for both: the fields the
 * create and update calls take, checked with the contract's schema (so the messages match the
 * server's), times typed on the campus's clock, and the rubric editor. Creating adds the kind and
 * the attachments; a draft can be published from here. It hands the checked fields (and the
 * picked files) to `onSave`; the page sends them and decides where to go next.
 */
export function AssignmentForm({
  initial,
  timeZone,
  creating,
  draft,
  submitLabel,
  saving,
  onSave,
}: {
  initial: AssignmentFormValues;
  timeZone: string;
  /** Creating: the kind and attachments can be chosen (an edit keeps them). */
  creating: boolean;
  /** Whether the publish choice is offered (a new assignment, or one still a draft). */
  draft: boolean;
  submitLabel: string;
  saving: AssignmentSaving;
  onSave: (fields: AssignmentDraft, attachments: File[]) => void;
}) {
  // The checks read the typed times on the campus's clock; their code loads on first use.
  const [checks] = useState(() => deferredResolver(() => import('./coursework-checks').then((m) => m.assignmentResolver({ timeZone }))));
  const { register, handleSubmit, formState, watch, setValue } = useForm<AssignmentFormValues, unknown, AssignmentDraft>({
    resolver: checks.resolver,
    defaultValues: initial,
  });
  const { errors } = formState;
  const rubricRef = useRef<HTMLFieldSetElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [filesProblem, setFilesProblem] = useState<string | null>(null);

  // The files live beside react-hook-form: at most five, each one a notes file.
  const checkFiles = (picked: readonly File[] = files) => {
    const problem =
      picked.length > ATTACHMENTS_MAX
        ? refusalSentence({ code: 'too_many_items', field: 'attachments', params: { max: ATTACHMENTS_MAX } })
        : (picked.map((f) => fileProblem(f, 'notesfile')).find((p) => p !== null) ?? null);
    setFilesProblem(problem);
    return problem === null;
  };

  const submit = handleSubmit(
    (fields) => {
      if (creating && !checkFiles()) return;
      onSave(fields, files);
    },
    (invalid) => {
      if (creating) checkFiles();
      // react-hook-form focuses the first wrong field it registered; the rubric's inputs are the
      // editor's own, so when only they are wrong the first of them is focused here, once shown.
      if (Object.keys(invalid).every((name) => name === 'rubric')) {
        setTimeout(() => rubricRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      }
    },
  );

  const kind = watch('kind');
  const handsIn = kind === 'assignment';

  return (
    <form noValidate onSubmit={submit} onFocus={checks.preload} className="flex flex-col gap-4">
      {creating && <SelectField label="Kind" options={KINDS} error={errors.kind?.message} {...register('kind')} />}
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Instructions" rows={6} hint="Optional: what to do, and how it will be marked." error={errors.instructions?.message} {...register('instructions')} />
      <TextField label="Maximum marks" inputMode="numeric" hint="A whole number, 1 to 1000." error={errors.maxMarks?.message} {...register('maxMarks')} />
      <TimeFields
        legend={handsIn ? 'Due' : 'Held on'}
        dateLabel={handsIn ? 'Due date' : 'Test date'}
        timeLabel={handsIn ? 'Due time' : 'Test time'}
        hint={`On the campus's clock (${timeZone}).`}
        error={errors.dueDate?.message}
        date={register('dueDate')}
        time={register('dueTime')}
      />
      {/* A class test takes no submissions: lateness and closing do not apply (the defaults stay). */}
      {handsIn && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Grace period (minutes)"
              inputMode="numeric"
              hint="Work this late still counts as on time."
              error={errors.graceMinutes?.message}
              {...register('graceMinutes')}
            />
            <TextField
              label="Late penalty (% a day)"
              inputMode="numeric"
              hint="Taken off for each day, or part of one, late."
              error={errors.latePenaltyPercentPerDay?.message}
              {...register('latePenaltyPercentPerDay')}
            />
          </div>
          <TimeFields
            legend="Closes (optional)"
            dateLabel="Closing date"
            timeLabel="Closing time"
            hint="Leave both empty to accept late work at any time, at its penalty."
            error={errors.closesDate?.message}
            date={register('closesDate')}
            time={register('closesTime')}
          />
        </>
      )}
      <RubricField
        ref={rubricRef}
        rows={watch('rubric')}
        // One value for the whole rubric, checked again as it changes once a save was tried (as typed fields are).
        onChange={(rows) => setValue('rubric', rows, { shouldValidate: formState.isSubmitted })}
        errors={errors.rubric}
        maxMarks={watch('maxMarks')}
      />
      {creating && (
        <AttachmentsField
          files={files}
          problem={filesProblem}
          disabled={saving.pending}
          onPick={(picked) => {
            if (picked.length > 0) void loadProgressBar().catch(() => {});
            setFiles(picked);
            checkFiles(picked);
          }}
        />
      )}
      {draft && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">When the class sees it</legend>
          <label className="flex items-center gap-2">
            <input type="radio" value="now" {...register('published')} />
            Publish now (the class is told)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="draft" {...register('published')} />
            Keep as a draft
          </label>
        </fieldset>
      )}
      {/* Without files the upload is a few fields, gone before a bar could say anything. */}
      {saving.percent !== null && files.length > 0 && (
        <Suspense fallback={null}>
          <ProgressBar percent={saving.percent} />
        </Suspense>
      )}
      <ErrorBanner message={errors.root?.message ?? saving.error} />
      <Button type="submit" disabled={saving.pending} aria-busy={saving.pending || undefined}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** A day and a time side by side, on the campus's clock; the error (of the pair) under them. */
function TimeFields({
  legend,
  dateLabel,
  timeLabel,
  hint,
  error,
  date,
  time,
}: {
  legend: string;
  dateLabel: string;
  timeLabel: string;
  hint: string;
  error?: string;
  date: ReturnType<UseFormRegister<AssignmentFormValues>>;
  time: ReturnType<UseFormRegister<AssignmentFormValues>>;
}) {
  const noteId = useId();
  const described = { 'aria-describedby': noteId, 'aria-invalid': error ? true : undefined };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={dateLabel} type="date" {...described} {...date} />
        <TextField label={timeLabel} type="time" {...described} {...time} />
      </div>
      <p id={noteId} className={error ? 'text-sm text-red-700' : 'text-xs text-slate-500'}>
        {error ?? hint}
      </p>
    </fieldset>
  );
}

/**
 * The optional rubric: its criteria (RubricEditor, loaded once there is one) and the button that
 * adds one. Its best total must be the maximum marks, which the editor says as it is typed.
 */
function RubricField({
  ref,
  rows,
  onChange,
  errors,
  maxMarks,
}: {
  ref: Ref<HTMLFieldSetElement>;
  rows: RubricCriterionInput[];
  onChange: (rows: RubricCriterionInput[]) => void;
  errors: FieldErrors<AssignmentFormValues>['rubric'];
  maxMarks: string;
}) {
  return (
    <fieldset ref={ref} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Rubric (optional)</legend>
      <p className="text-xs text-slate-500">Criteria, each with levels worth some marks. Marking then picks one level per criterion.</p>
      {rows.length > 0 && (
        <Suspense fallback={<p className="text-sm text-slate-500">Loading the rubric…</p>}>
          <RubricEditor rows={rows} onChange={onChange} errors={errors} maxMarks={maxMarks} />
        </Suspense>
      )}
      <Button variant="secondary" className="self-start" disabled={rows.length >= RUBRIC_CRITERIA_MAX} onClick={() => onChange([...rows, emptyCriterion()])}>
        Add a criterion
      </Button>
    </fieldset>
  );
}

/** Up to five files handed out with the assignment (notes' types and sizes), checked before they go. */
function AttachmentsField({ files, problem, disabled, onPick }: { files: File[]; problem: string | null; disabled: boolean; onPick: (files: File[]) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Attachments (optional)
      </label>
      <input
        id={id}
        type="file"
        multiple
        disabled={disabled}
        aria-describedby={`${id}-note`}
        aria-invalid={problem ? true : undefined}
        className="rounded-lg text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-campus-50 file:px-3 file:py-2 file:font-medium file:text-campus-700 hover:file:bg-campus-100"
        onChange={(e) => onPick([...(e.target.files ?? [])])}
      />
      <p id={`${id}-note`} className={problem ? 'text-sm text-red-700' : 'text-xs text-slate-500'}>
        {problem ?? `Up to ${ATTACHMENTS_MAX} files, each ${fileLimitsText('notesfile')}.`}
      </p>
      {files.length > 0 && (
        <ul className="text-sm text-slate-700">
          {files.map((f, i) => (
            <li key={`${i}-${f.name}`} className="break-words">
              {f.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
