import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { FILE_LIMITS, type FileKind } from '@campus/contract/constants';
import { deferred } from './deferred';
import { refusalSentence } from './words';

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

/**
 * The browser's check of a picked file against its kind's limits (docs/product.md#files), so a
 * wrong one is refused before megabytes go up, with the server's own refusal (its code and
 * params) worded as the server's would be. Some systems give a docx or a zip no type at all: then
 * the server, which reads the bytes, decides. Returns the problem's sentence, or null.
 */
export function fileProblem(file: File, kind: FileKind): string | null {
  const { types, typeNames, noun, maxBytes, size } = FILE_LIMITS[kind];
  if (file.type && !(types as readonly string[]).includes(file.type)) return refusalSentence({ code: 'file_wrong_type', field: kind, params: { types: typeNames, noun } });
  if (file.size > maxBytes) return refusalSentence({ code: 'file_too_large', field: kind, params: { size } });
  return null;
}

/** What a kind of file may be, in words: "a png or jpeg image, at most 5 MB". */
export const fileLimitsText = (kind: FileKind) => `${FILE_LIMITS[kind].describe}, at most ${FILE_LIMITS[kind].size}`;

/** The same as a file field's hint: "A png or jpeg image, at most 5 MB." */
export const fileHint = (kind: FileKind) => `${fileLimitsText(kind).replace(/^a/, 'A')}.`;

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
