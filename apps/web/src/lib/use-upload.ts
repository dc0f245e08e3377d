import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from './api';

/**
 * What every upload form shows of its mutation: the percent sent (null when nothing is going
 * up), whether it is on its way, the failure as text, and the answer. The mutation hook reports
 * progress to `onProgress`; `track` reads that mutation the way the form shows it:
 *
 *   const upload = useUpload();
 *   const add = upload.track(useAddNotes(courseId, upload.onProgress));
 *   add.send(form) … add.percent, add.pending, add.error, add.result, add.reset()
 *
 * (The mutation hook is called by the page, not passed in: React wants hooks called, not handed around.)
 */
export function useUpload() {
  const [percent, setPercent] = useState(0);
  return {
    onProgress: setPercent,
    track: <TData, TVars>(mutation: UseMutationResult<TData, Error, TVars>) => ({
      // Shown only while the upload is on its way; the last upload's 100 is not the next one's start.
      percent: mutation.isPending ? percent : null,
      pending: mutation.isPending,
      error: mutation.isError ? errorText(mutation.error) : null,
      /** The server's answer once the upload succeeded. */
      result: mutation.isSuccess ? mutation.data : undefined,
      send: (variables: TVars, options?: MutateOptions<TData, Error, TVars>) => {
        setPercent(0);
        mutation.mutate(variables, options);
      },
      /** Forgets the last outcome (a new file picked: its Success or error no longer applies). */
      reset: mutation.reset,
    }),
  };
}

/**
 * A form's picked file and what is wrong with it, checked in the browser so a wrong file is
 * refused before it is sent (the server checks the bytes again). `problemOf` names the problem,
 * or null when the file (or no file, for an optional one) may go.
 */
export function usePickedFile(problemOf: (file: File | null) => string | null) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  return {
    file,
    problem,
    /** A new pick clears the last complaint; it is checked again on sending. */
    pick: (next: File | null) => {
      setFile(next);
      setProblem(undefined);
    },
    /** Checks `candidate` (the picked file unless given): true when it may be sent. */
    check: (candidate: File | null = file) => {
      const found = problemOf(candidate);
      setProblem(found ?? undefined);
      return found === null;
    },
  };
}
