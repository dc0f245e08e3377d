/**
 * A form's checks in the app's words. The forms check with the contract's own zod schemas, whose
 * messages are the catalogue's English (refusals.ts, `refusalMessage`); a failed check's message
 * is read back as its refusal (`refusalOfMessage`) and worded by its code, like the server's
 * refusals. A message no schema coded (zod's own words for a rule nobody worded) is said by its
 * field alone.
 *
 * Imported only by the forms' check modules, which load on demand with zod and the schemas (lib/forms
 * deferredResolver): reading messages back needs the catalogue, which no page's first load carries.
 */
import { refusalOfMessage } from '@campus/contract/refusals';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { refusalSentence, uncodedSentence } from './words';

/** A failed check's message, about `field` (the form's name for it), as the sentence the field shows. */
export function checkSentence(message: string, field: string | undefined): string {
  const refusal = refusalOfMessage(message);
  if (refusal === undefined) return uncodedSentence(field);
  return refusalSentence({ ...refusal, field: refusal.field ?? field });
}

/** A zod issue list's first sentence for each top-level field (zod's shape, without importing zod). */
export function sentencesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const sentences: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'root');
    sentences[field] ??= checkSentence(issue.message, field === 'root' ? undefined : field);
  }
  return sentences;
}

/** A resolver (zodResolver of a contract schema) whose errors are sentences. */
export function worded<TIn extends FieldValues, TContext, TOut>(resolver: Resolver<TIn, TContext, TOut>): Resolver<TIn, TContext, TOut> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors: Record<string, FieldError | undefined> = { ...(result.errors as Record<string, FieldError | undefined>) };
    for (const [field, error] of Object.entries(errors)) {
      if (typeof error?.message === 'string') errors[field] = { ...error, message: checkSentence(error.message, field) };
    }
    return { ...result, errors: errors as FieldErrors<TIn> } as typeof result;
  };
}
