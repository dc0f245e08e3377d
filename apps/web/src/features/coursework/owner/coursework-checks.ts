/**
 * The owner's forms' checks, from the contract's schemas (the server's refusals, worded by
 * lib/checks), loaded on demand (see lib/forms deferredResolver). The forms hold text and
 * campus wall-clock times; each check first turns them into the body the server takes, so what
 * is refused here is what the server would refuse.
 * The coursework words load with them: a form's messages (its checks', then the server's
 * refusals, which only a checked save can meet) are worded once its checks have loaded.
 */
import { createAssignmentFields, markBody, type MarkBody } from '@campus/contract/coursework';
import { refusalMessage as says } from '@campus/contract/refusals';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { checkSentence } from '../../../lib/checks';
import '../../../lib/coursework-words';
import { campusInstant } from './campus-time';
import { rubricOf, type AssignmentContext, type AssignmentDraft, type AssignmentFormValues } from './assignment-values';
import { isChosen, type MarkContext, type MarkFormValues } from './mark-values';

type Path = readonly PropertyKey[];

/** Errors nested as react-hook-form reads them (`rubric.0.levels.1.marks`), the first sentence of each kept. */
function nest(issues: readonly { path: Path; message: string }[], rename: (path: Path) => Path): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    // The field the sentence is about: the last named step (`marks` of a rubric level, `dueAt`).
    const field = [...issue.path].reverse().find((p): p is string => typeof p === 'string');
    const message = checkSentence(issue.message, field);
    const path = rename(issue.path.length === 0 ? ['root'] : issue.path).map(String);
    // A rule about the whole rubric (its shape, its total) is the field array's own error.
    const steps = path.length === 1 && path[0] === 'rubric' ? ['rubric', 'root'] : path;
    let at: Record<string, unknown> = errors;
    for (let i = 0; i < steps.length - 1; i++) {
      at[steps[i]!] ??= /^\d+$/.test(steps[i + 1]!) ? [] : {};
      at = at[steps[i]!] as Record<string, unknown>;
    }
    at[steps.at(-1)!] ??= { type: 'custom', message };
  }
  return errors;
}

/** A check's failure: no values, these errors. */
const refused = (errors: Record<string, unknown>) => ({ values: {}, errors: errors as FieldErrors<MarkFormValues> });

/** The times were typed as a day and a time: their errors show there. */
const renameTimes = (path: Path): Path => (path[0] === 'dueAt' ? ['dueDate'] : path[0] === 'closesAt' ? ['closesDate'] : path);

/**
 * The assignment form (create and edit), its times read on the campus's clock (`timeZone`): the
 * create fields' schema, which holds every rule between them.
 */
export function assignmentResolver({ timeZone }: AssignmentContext): Resolver<AssignmentFormValues, unknown, AssignmentDraft> {
  return async (values) => {
    const dueAt = campusInstant(values.dueDate, values.dueTime, timeZone);
    const closing = values.closesDate !== '' || values.closesTime !== '';
    const closesAt = closing ? campusInstant(values.closesDate, values.closesTime, timeZone) : null;
    const rubric = rubricOf(values.rubric);
    const result = createAssignmentFields.safeParse({
      kind: values.kind,
      title: values.title,
      instructions: values.instructions,
      maxMarks: values.maxMarks,
      // A half-typed time is not a time: the schema names it.
      dueAt: dueAt ?? `${values.dueDate}T${values.dueTime}`,
      graceMinutes: values.graceMinutes,
      latePenaltyPercentPerDay: values.latePenaltyPercentPerDay,
      closesAt: closing ? (closesAt ?? `${values.closesDate}T${values.closesTime}`) : null,
      rubric,
      published: values.published === 'now',
    });
    if (!result.success) return { values: {}, errors: nest(result.error.issues, renameTimes) as FieldErrors<AssignmentFormValues> };
    const checked = result.data;
    // The times as typed, with the campus's offset (the schema's own answer is in UTC).
    return { values: { ...checked, dueAt: dueAt!, closesAt }, errors: {} };
  };
}

/** The marking panel: marks, or a level per criterion, or excused; feedback with any; marks within the assignment's maximum. */
export function markResolver({ maxMarks, criteria }: MarkContext): Resolver<MarkFormValues, unknown, MarkBody> {
  return async (values) => {
    // No feedback written is none at all (the server keeps a mark's fields as the last save gave them).
    const body: Record<string, unknown> = { feedback: values.feedback.trim() === '' ? undefined : values.feedback, excused: values.excused };
    if (criteria > 0) {
      const chosen = Array.from({ length: criteria }, (_, i) => values.rubric[i]);
      // Excused work needs no levels; a level for every criterion, or none at all, is all the server reads.
      if (chosen.every(isChosen)) body.rubric = chosen.map(Number);
      else if (!values.excused || chosen.some(isChosen)) {
        return refused({ root: { type: 'custom', message: checkSentence(says('rubric_choice_invalid', { field: 'rubric' }), 'rubric') } });
      }
    } else if (values.marks.trim() !== '') body.marks = Number(values.marks);
    const result = markBody.safeParse(body);
    if (!result.success) return refused(nest(result.error.issues, (p) => p));
    if (result.data.marks !== undefined && result.data.marks > maxMarks) {
      const message = checkSentence(says('out_of_range', { field: 'marks', params: { min: 0, max: maxMarks } }), 'marks');
      return refused({ marks: { type: 'custom', message } });
    }
    return { values: result.data, errors: {} };
  };
}
