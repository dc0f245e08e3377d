import { FILE_LIMITS } from '@campus/contract/constants';
import type { CreateNotesBody } from '@campus/contract/notes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { FileField, TextField } from '../../components/Field';
import { errorText } from '../../lib/api';
import { deferredResolver, multipart, uploadProblem } from '../../lib/forms';
import { useAddNotes } from './api/notes';

const checks = deferredResolver(() => import('./course-checks').then((m) => m.createNotesResolver));

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.txt,.docx,.pptx,.xlsx,.zip,' + FILE_LIMITS.notesfile.types.join(',');
const MAX_MB = FILE_LIMITS.notesfile.maxBytes / (1024 * 1024);
const TYPES_TEXT = 'a pdf, png, jpeg, txt, docx, pptx, xlsx or zip file';

/** The owner's Add Notes tab (spec §5 "Add note"): a name and a file, uploaded with a progress bar. */
export function AddNotesTab({ courseId, onDone }: { courseId: string; onDone: () => void }) {
  const [percent, setPercent] = useState<number | null>(null);
  const add = useAddNotes(courseId, setPercent);
  const { register, handleSubmit, formState } = useForm<CreateNotesBody>({ resolver: checks.resolver, defaultValues: { filename: '' } });
  const { errors } = formState;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const checkFile = () => {
    const problem = uploadProblem(file, 'notesfile', FILE_LIMITS.notesfile, TYPES_TEXT);
    setFileError(problem ?? undefined);
    return problem === null;
  };

  const submit = handleSubmit(
    ({ filename }) => {
      if (!checkFile() || !file) return;
      setPercent(0);
      add.mutate(multipart({ filename, notesfile: file }), { onSettled: () => setPercent(null) });
    },
    () => checkFile(),
  );

  // Dismissing the banner shows the list with the new file in it (spec §4 "Course tabs").
  if (add.isSuccess) return <SuccessBanner message={add.data.message || 'notes added successfully'} onDismiss={onDone} />;

  return (
    <form noValidate onSubmit={submit} onFocus={checks.preload} className="flex max-w-lg flex-col gap-4">
      <TextField label="File name" error={errors.filename?.message} {...register('filename')} />
      <FileField
        label="Notes file"
        accept={ACCEPT}
        hint={`pdf, png, jpeg, txt, docx, pptx, xlsx or zip, at most ${MAX_MB} MB.`}
        error={fileError}
        disabled={add.isPending}
        onFile={(picked) => {
          setFile(picked);
          setFileError(undefined);
        }}
      />
      {percent !== null && <ProgressBar percent={percent} />}
      <ErrorBanner message={errors.root?.message ?? (add.isError ? errorText(add.error) : null)} />
      <Button type="submit" disabled={add.isPending} aria-busy={add.isPending || undefined} className="self-start">
        Add Notes
      </Button>
    </form>
  );
}
