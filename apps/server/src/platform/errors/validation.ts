import { REFUSALS, fieldLabel } from '@campus/contract';
import type { z } from 'zod';
import { badRequest, type AppError } from './app-error';

interface IssueLike {
  message: string;
  path?: PropertyKey[];
}

/**
 * The contract's messages name their field by its label; a message that does not (zod's own, for
 * a rule someone forgot to word) gets "<Label>: <message>" so the field is still named.
 */
function describe(issue: IssueLike): string {
  const top = issue.path?.[0];
  if (top === undefined) return issue.message;
  const label = fieldLabel(String(top));
  return issue.message.startsWith(label) ? issue.message : `${label}: ${issue.message}`;
}

export function validationError(issues: IssueLike[]): AppError {
  const messages = issues.map(describe);
  return badRequest(messages[0] ?? REFUSALS.invalidInput, messages);
}

/** Validates values that did not go through a route schema (multipart fields). */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}
