import { FILE_LIMITS } from '@campus/contract/constants';
import { SUBMISSION_BYTES_MAX, SUBMISSION_FILES_MAX } from '@campus/contract/coursework-limits';
import { useId, useState, type FormEvent } from 'react';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { useConfirmAction } from '../../components/ConfirmAction';
import { TextAreaField } from '../../components/Field';
import { ProgressBar } from '../../components/ProgressBar';
import { fileHint, fileProblem } from '../../lib/forms';
import { useUpload } from '../../lib/use-upload';
import { refusalSentence } from '../../lib/words';
import { useSubmitWork } from './api/submission';
import { sizeText } from './sizes';
import type { ChosenWork } from './submission-request';

const MB = 1024 * 1024;

/** What is wrong with the chosen work before it goes up (the server checks it all again), or null. */
export function workProblem({ files, text }: ChosenWork): string | null {
  if (files.length === 0 && text.trim() === '') return refusalSentence({ code: 'submission_empty', field: 'files' });
  if (files.length > SUBMISSION_FILES_MAX) return refusalSentence({ code: 'too_many_items', field: 'files', params: { max: SUBMISSION_FILES_MAX } });
  for (const file of files) {
    const problem = fileProblem(file, 'submission');
    if (problem) return `${file.name}: ${problem}`;
  }
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > SUBMISSION_BYTES_MAX) return refusalSentence({ code: 'submission_too_large', field: 'files', params: { size: `${SUBMISSION_BYTES_MAX / MB} MB` } });
  return null;
}

/**
 * The hand-in form: files (up to ten, what notes take) and/or text, with what submitting now
 * costs said just above the button, and the upload's progress. A later attempt replaces the
 * last one, so handing in again asks first.
 */
export function SubmitForm({ assignmentId, cost, attempts }: { assignmentId: string; cost: string; attempts: number }) {
  const upload = useUpload();
  const mutation = useSubmitWork(assignmentId, upload.onProgress);
  const submit = upload.track(mutation);
  const [files, setFiles] = useState<File[]>([]);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const costId = useId();

  const clear = () => {
    setFiles([]);
    setText('');
  };
  const again = useConfirmAction({
    mutation: { ...mutation, mutate: submit.send },
    variables: (work: ChosenWork) => work,
    words: {
      title: 'Submit again?',
      description: `This attempt replaces attempt ${attempts}: only the new one will be marked, and the old receipt will no longer check as current.`,
      confirmLabel: 'Submit again',
    },
    onDone: clear,
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const work = { files, text };
    const found = workProblem(work);
    setProblem(found);
    if (found) return;
    if (attempts > 0) again.trigger(work).onClick();
    else submit.send(work, { onSuccess: clear });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="hand-in-heading">
      <h2 id="hand-in-heading" className="text-lg font-bold text-campus-900">
        {attempts > 0 ? 'Submit again' : 'Submit your work'}
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
          Files
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={FILE_LIMITS.submission.accept}
          aria-describedby={`${inputId}-hint`}
          disabled={submit.pending}
          className="rounded-lg text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-campus-50 file:px-3 file:py-2 file:font-medium file:text-campus-700 hover:file:bg-campus-100"
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            setFiles((old) => [...old, ...picked]);
            setProblem(null);
            submit.reset();
            e.target.value = ''; // the same file may be picked again after removing it
          }}
        />
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          Up to {SUBMISSION_FILES_MAX} files, {SUBMISSION_BYTES_MAX / MB} MB together. {fileHint('submission')}
        </p>
      </div>
      {files.length > 0 && (
        <ul aria-label="Chosen files" className="flex flex-col divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {files.map((file, i) => (
            <li key={`${i}-${file.name}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 break-words">
                {file.name} <span className="text-slate-600">({sizeText(file.size)})</span>
              </span>
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                disabled={submit.pending}
                onClick={() => setFiles((old) => old.filter((_, j) => j !== i))}
                className="rounded-lg border border-slate-300 px-2 py-1 font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-campus-600"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <TextAreaField label="Text (optional)" value={text} disabled={submit.pending} onChange={(e) => setText(e.target.value)} />
      {submit.percent !== null && <ProgressBar percent={submit.percent} />}
      <ErrorBanner message={problem ?? (again.open ? null : submit.error)} />
      <p id={costId} className="font-medium text-slate-800">
        {cost}
      </p>
      <Button type="submit" disabled={submit.pending} aria-busy={submit.pending || undefined} aria-describedby={costId} className="self-start">
        {attempts > 0 ? 'Submit again' : 'Submit'}
      </Button>
      {again.dialog}
    </form>
  );
}
