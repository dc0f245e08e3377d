import { FILE_LIMITS } from '@campus/contract/constants';
import type { CreateNotesBody } from '@campus/contract/notes';
import { useForm } from 'react-hook-form';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { FileField, TextField } from '../../components/Field';
import { deferredResolver, fileHint, fileProblem, multipart } from '../../lib/forms';
import { usePickedFile, useUpload } from '../../lib/use-upload';
import { useAddNotes } from './api/notes';
import { refusalSentence } from '../../lib/words';

const checks = deferredResolver(() => import('./course-checks').then((m) => m.createNotesResolver));

/**
 * The owner's Add Notes tab (docs/product.md#courses): a name and a file, uploaded with a progress bar.
 * Once added, `onAdded` gets the server's message and the page goes back to the Notes tab, where
 * the new file is in the list, with the message above it.
 */
export function AddNotesTab({ courseId, onAdded }: { courseId: string; onAdded: (message: string) => void }) {
  const upload = useUpload();
  const add = upload.track(useAddNotes(courseId, upload.onProgress));
  const { register, handleSubmit, formState } = useForm<CreateNotesBody>({ resolver: checks.resolver, defaultValues: { filename: '' } });
  const { errors } = formState;
  const picked = usePickedFile((file) => (file ? fileProblem(file, 'notesfile') : refusalSentence({ code: 'field_required', field: 'notesfile' })));

  const submit = handleSubmit(
    ({ filename }) => {
      if (picked.check() && picked.file) add.send(multipart({ filename, notesfile: picked.file }), { onSuccess: () => onAdded('Notes added.') });
    },
    () => picked.check(),
  );

  return (
    <form noValidate onSubmit={submit} onFocus={checks.preload} className="flex max-w-lg flex-col gap-4">
      <TextField label="File name" error={errors.filename?.message} {...register('filename')} />
      <FileField
        label="Notes file"
        accept={FILE_LIMITS.notesfile.accept}
        hint={fileHint('notesfile')}
        error={picked.problem}
        disabled={add.pending}
        onFile={picked.pick}
      />
      {add.percent !== null && <ProgressBar percent={add.percent} />}
      <ErrorBanner message={errors.root?.message ?? add.error} />
      <Button type="submit" disabled={add.pending} aria-busy={add.pending || undefined} className="self-start">
        Add Notes
      </Button>
    </form>
  );
}
