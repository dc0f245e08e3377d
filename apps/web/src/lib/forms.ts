import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { fieldLabel, requiredMessage } from '@campus/contract/labels';
import { deferred } from './deferred';

/** Shown when the validation code cannot be fetched (offline, or a new deploy removed the chunk). */
export const CHECKS_UNAVAILABLE = 'Could not load the form checks. Check your connection and try again.';

/**
 * A react-hook-form resolver whose code arrives on first use. The contract's zod schemas and
 * zodResolver weigh about 27 KB gzipped, more than any page; loading them when the visitor
 * first focuses the form (or submits) keeps them out of what a page needs to paint. The
 * checks are still the contract's: `load` returns zodResolver(theContractSchema).
 */
export function deferredResolver<TIn extends FieldValues, TOut>(load: () => Promise<Resolver<TIn, unknown, TOut>>) {
  const code = deferred(load);
  const resolver: Resolver<TIn, unknown, TOut> = async (values, context, options) => {
    let resolve: Resolver<TIn, unknown, TOut>;
    try {
      resolve = await code.get();
    } catch {
      // Reported as a form-level (root) error; pages show errors.root in red.
      const errors = { root: { type: 'unavailable', message: CHECKS_UNAVAILABLE } } as FieldErrors<TIn>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
  return { resolver, preload: code.preload };
}

/** The first message for each top-level field, from a schema's issues (zod's shape, without importing zod). */
export function messagesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'root');
    messages[field] ??= issue.message;
  }
  return messages;
}

const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

/**
 * The browser's check of a picked image, so a wrong file is refused before it is sent; the
 * server checks the bytes again (docs/product.md#files). Returns the problem, or null.
 */
export function imageProblem(file: File, field: string, maxBytes: number): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return `${fieldLabel(field)} must be a png or jpeg image`;
  if (file.size > maxBytes) return `${fieldLabel(field)} must be at most ${Math.round(maxBytes / (1024 * 1024))} MB`;
  return null;
}

/**
 * The browser's check of a picked file against an upload kind's limits (docs/product.md#files), so a
 * wrong one is refused before megabytes go up. Some systems give docx or zip no type at all:
 * then the server, which reads the bytes, decides. Returns the problem, or null.
 */
export function uploadProblem(file: File | null, field: string, limits: { types: readonly string[]; maxBytes: number }, typesText: string): string | null {
  if (!file) return requiredMessage(field);
  if (file.type && !limits.types.includes(file.type)) return `${fieldLabel(field)} must be ${typesText}`;
  if (file.size > limits.maxBytes) return `${fieldLabel(field)} must be at most ${Math.round(limits.maxBytes / (1024 * 1024))} MB`;
  return null;
}

/**
 * A multipart body from text fields and files. Numbers go as their decimal text (the server
 * reads numeric strings as numbers); undefined and null are left out.
 */
export function multipart(fields: Record<string, string | number | Blob | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'number' ? String(value) : value);
  }
  return form;
}
