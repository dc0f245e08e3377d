import type { z } from 'zod';
import { badRequest, type AppError } from './app-error';

interface IssueLike {
  message: string;
  path?: PropertyKey[];
}

/** The schema's own messages name their field; fall back to "<field>: <message>" when they do not. */
function describe(issue: IssueLike): string {
  const field = issue.path?.map(String).join('.') ?? '';
  if (!field || issue.message.includes(field)) return issue.message;
  return `${field}: ${issue.message}`;
}

export function validationError(issues: IssueLike[]): AppError {
  const messages = issues.map(describe);
  return badRequest(messages[0] ?? 'invalid input', messages);
}

/** Validates values that did not go through a route schema (multipart fields). */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}
