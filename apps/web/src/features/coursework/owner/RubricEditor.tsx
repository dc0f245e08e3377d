import { RUBRIC_LEVELS_MAX } from '@campus/contract/coursework-limits';
import { rubricMaximum } from '@campus/contract/late-work';
import type { FieldErrors } from 'react-hook-form';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import type { AssignmentFormValues, RubricCriterionInput, RubricLevelInput } from './assignment-values';

type RubricErrors = FieldErrors<AssignmentFormValues>['rubric'];

/** The most the typed rubric can give: each criterion's best level, summed (levels not yet numbers left out). */
function typedMaximum(rows: readonly RubricCriterionInput[]): number {
  const levels = rows
    .map((c) => c.levels.map((l) => ({ label: l.label, marks: l.marks.trim() === '' ? Number.NaN : Number(l.marks) })).filter((l) => Number.isFinite(l.marks)))
    .filter((ls) => ls.length > 0);
  return rubricMaximum(levels.map((ls) => ({ criterion: '', levels: ls })));
}

/**
 * The rubric's criteria × levels, each level a label and its marks, and their best total. Its own
 * file, loaded by the assignment form only once a rubric has a criterion: most assignments have
 * none, and their form's first load stays without it. It edits the form's one `rubric` value
 * (`rows`, handed back whole to `onChange`); the form's checks name its errors.
 * The best total must be the maximum marks (the server refuses otherwise), so it says so as typed.
 */
export default function RubricEditor({
  rows,
  onChange,
  errors,
  maxMarks,
}: {
  rows: readonly RubricCriterionInput[];
  onChange: (rows: RubricCriterionInput[]) => void;
  errors: RubricErrors;
  maxMarks: string;
}) {
  const best = typedMaximum(rows);
  const maximum = /^\s*\d+\s*$/.test(maxMarks) ? Number(maxMarks) : null;
  const rootError = errors?.root?.message ?? errors?.message;
  const change = (index: number, criterion: RubricCriterionInput) => onChange(rows.map((c, i) => (i === index ? criterion : c)));
  return (
    <>
      {rows.map((criterion, index) => (
        // By place: the inputs are controlled, so a removed row's values move up with the rest.
        <CriterionEditor
          key={index}
          index={index}
          criterion={criterion}
          errors={errors?.[index]}
          onChange={(next) => change(index, next)}
          onRemove={() => onChange(rows.filter((_, i) => i !== index))}
        />
      ))}
      <p aria-live="polite" className={maximum !== null && best !== maximum ? 'text-sm font-medium text-amber-800' : 'text-sm text-slate-700'}>
        Best total: {best}
        {maximum !== null && best !== maximum && ` — it must equal the maximum marks (${maximum}).`}
      </p>
      {rootError && <p className="text-sm text-red-700">{rootError}</p>}
    </>
  );
}

function CriterionEditor({
  index,
  criterion,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  criterion: RubricCriterionInput;
  errors: NonNullable<RubricErrors>[number];
  onChange: (criterion: RubricCriterionInput) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const { levels } = criterion;
  const levelsError = errors?.levels?.root?.message ?? errors?.levels?.message;
  const changeLevels = (next: RubricLevelInput[]) => onChange({ ...criterion, levels: next });
  const changeLevel = (j: number, patch: Partial<RubricLevelInput>) => changeLevels(levels.map((l, k) => (k === j ? { ...l, ...patch } : l)));
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3">
      <legend className="sr-only">Criterion {n}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField label={`Criterion ${n}`} error={errors?.criterion?.message} value={criterion.criterion} onChange={(e) => onChange({ ...criterion, criterion: e.target.value })} />
        </div>
        <Button variant="secondary" aria-label={`Remove criterion ${n}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
      <ul className="flex flex-col gap-2">
        {levels.map((level, j) => (
          <li key={j} className="grid grid-cols-[1fr_6rem] items-end gap-2 sm:grid-cols-[1fr_7rem_auto]">
            <TextField label={`Level ${j + 1}`} error={errors?.levels?.[j]?.label?.message} value={level.label} onChange={(e) => changeLevel(j, { label: e.target.value })} />
            <TextField
              label={`Level ${j + 1} marks`}
              inputMode="decimal"
              error={errors?.levels?.[j]?.marks?.message}
              value={level.marks}
              onChange={(e) => changeLevel(j, { marks: e.target.value })}
            />
            <Button
              variant="secondary"
              className="col-span-2 justify-self-start sm:col-span-1"
              aria-label={`Remove level ${j + 1} of criterion ${n}`}
              disabled={levels.length <= 1}
              onClick={() => changeLevels(levels.filter((_, k) => k !== j))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {levelsError && <p className="text-sm text-red-700">{levelsError}</p>}
      <Button
        variant="secondary"
        className="self-start"
        aria-label={`Add a level to criterion ${n}`}
        disabled={levels.length >= RUBRIC_LEVELS_MAX}
        onClick={() => changeLevels([...levels, { label: '', marks: '' }])}
      >
        Add a level
      </Button>
    </fieldset>
  );
}
