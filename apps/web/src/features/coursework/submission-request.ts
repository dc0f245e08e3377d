import { multipart } from '../../lib/forms';

/** What the student chose to hand in: files, text, or both. */
export interface ChosenWork {
  files: readonly File[];
  text: string;
}

/**
 * The one place that turns the chosen work into the submission's request: today every file goes
 * in the multipart form (`files`, repeated) beside `text`. Files over RESUMABLE_ABOVE_BYTES are to
 * go by resumable upload first and be named here as `{ uploads, text }` instead; that step plugs
 * in here, and the caller stays as it is.
 */
export function submissionRequest({ files, text }: ChosenWork): { form: FormData } {
  const form = multipart({ text: text.trim() === '' ? undefined : text });
  for (const file of files) form.append('files', file);
  return { form };
}
