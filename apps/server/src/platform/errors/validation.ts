import { refusal, refusalInParams, refusalOfMessage, type Refusal } from '@campus/contract';
import type { z } from 'zod';
import { AppError } from './app-error';

interface IssueLike {
  message: string;
  path?: PropertyKey[];
  /** Zod's own code of the check that failed (`unrecognized_keys`, `invalid_type`, …). */
  code?: string;
  keys?: string[];
  /** A custom check's params: where a `refusalIssue` carries its refusal. */
  params?: unknown;
}

/**
 * What a failed check means. The contract's schemas word their checks with `refusalMessage`, so
 * the message says which refusal it is, or carry it in the issue (`refusalIssue`); a key the schema does not take is `unknown_field`; any
 * other message is zod's own, for a rule someone forgot to word: `field_invalid`, which still
 * names the field ("<Label>: <zod's message>").
 */
export function refusalOfIssue(issue: IssueLike): Refusal {
  const worded = refusalInParams(issue.params) ?? refusalOfMessage(issue.message);
  if (worded) return worded;
  if (issue.code === 'unrecognized_keys' && issue.keys) return refusal('unknown_field', { params: { keys: issue.keys } });
  const top = issue.path?.[0];
  if (top === undefined) return { ...refusal('invalid_input'), message: issue.message };
  return refusal('field_invalid', { field: String(top), params: { detail: issue.message } });
}

/** The 400 of a failed validation: the first problem's code, every problem's English in `errors`. */
export function validationError(issues: IssueLike[]): AppError {
  const refusals = issues.map(refusalOfIssue);
  const first = refusals[0] ?? refusal('invalid_input');
  return new AppError({ ...first, status: 400 }, refusals.map((r) => r.message));
}

/** Validates values that did not go through a route schema (multipart fields). */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}
