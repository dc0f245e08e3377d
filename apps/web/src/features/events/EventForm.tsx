import { MESSAGES } from '@campus/contract/constants';
import type { CreateEventBody, CreateEventInput } from '@campus/contract/events';
import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextAreaField, TextField } from '../../components/Field';
import { ProgressBar } from '../../components/ProgressBar';
import { ThumbnailField } from '../../components/ThumbnailField';
import { usePortalConfig } from '../../lib/config/portal-config';
import { deferredResolver, fileProblem, multipart } from '../../lib/forms';
import { usePickedFile } from '../../lib/use-upload';
import { useDraftDescription } from './api/draft-description';

const checks = deferredResolver(() => import('./event-checks').then((m) => m.createEventResolver));

/** A form with no event in it yet (Add Event). */
export const EMPTY_EVENT: CreateEventInput = { title: '', description: '', date: '', time: '', venue: '', instagram: '', twitter: '', linkedin: '', gform: '' };

/** How the page's upload is going: `useUpload().track(mutation)` gives it. */
export interface EventSaving {
  percent: number | null;
  pending: boolean;
  error: string | null;
}

/**
 * The event form of Add Event and Edit Event, one form for both: the fields create-event and
 * update-event take (checked with the contract's schema, so the messages match the server's),
 * drafting the description, the thumbnail and the upload's progress. It hands the multipart body
 * to `onSave`; the page sends it and decides where to go next.
 */
export function EventForm({
  initial,
  submitLabel,
  thumbnailHint,
  saving,
  onSave,
}: {
  initial: CreateEventInput;
  submitLabel: string;
  thumbnailHint?: string;
  saving: EventSaving;
  onSave: (form: FormData) => void;
}) {
  const { register, handleSubmit, formState, watch, setValue } = useForm<CreateEventInput, unknown, CreateEventBody>({
    resolver: checks.resolver,
    defaultValues: initial,
  });
  const { errors } = formState;

  // The file lives beside react-hook-form: optional, but when picked it must be a small png or jpeg.
  const thumbnail = usePickedFile((file) => file && fileProblem(file, 'thumbnail'));

  const submit = handleSubmit(
    (body) => {
      if (!thumbnail.check()) return;
      onSave(
        multipart({
          title: body.title,
          description: body.description,
          date: body.date,
          time: body.time,
          venue: body.venue,
          // Links not given are left out (the server stores none; an edit that empties one removes it).
          instagram: body.instagram || undefined,
          twitter: body.twitter || undefined,
          linkedin: body.linkedin || undefined,
          gform: body.gform || undefined,
          thumbnail: thumbnail.file,
        }),
      );
    },
    () => thumbnail.check(),
  );

  return (
    <form noValidate onSubmit={submit} onFocus={checks.preload} className="flex flex-col gap-4">
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <DescriptionField
        title={watch('title')}
        error={errors.description?.message}
        field={register('description')}
        onDrafted={(text) => setValue('description', text, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
        <TextField label="Time" type="time" error={errors.time?.message} {...register('time')} />
      </div>
      <TextField label="Venue" error={errors.venue?.message} {...register('venue')} />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Links (optional)</legend>
        <TextField label="Instagram link" type="url" inputMode="url" placeholder="https://" error={errors.instagram?.message} {...register('instagram')} />
        <TextField label="Twitter link" type="url" inputMode="url" placeholder="https://" error={errors.twitter?.message} {...register('twitter')} />
        <TextField label="LinkedIn link" type="url" inputMode="url" placeholder="https://" error={errors.linkedin?.message} {...register('linkedin')} />
        <TextField label="Google form link" type="url" inputMode="url" placeholder="https://" error={errors.gform?.message} {...register('gform')} />
      </fieldset>
      <ThumbnailField picked={thumbnail} disabled={saving.pending} hint={thumbnailHint} />
      {saving.percent !== null && <ProgressBar percent={saving.percent} />}
      <ErrorBanner message={errors.root?.message ?? saving.error} />
      <Button type="submit" disabled={saving.pending} aria-busy={saving.pending || undefined}>
        {submitLabel}
      </Button>
    </form>
  );
}

/**
 * The description, and the button that drafts it from the title with the server's text
 * generator (POST /events/draft-description). The button says why when it cannot be used.
 */
function DescriptionField({
  title,
  error,
  field,
  onDrafted,
}: {
  title: string;
  error?: string;
  field: UseFormRegisterReturn<'description'>;
  onDrafted: (text: string) => void;
}) {
  const noteId = useId();
  const config = usePortalConfig();
  const draft = useDraftDescription();
  const available = config.data?.draftingEnabled === true;
  const typedTitle = title.trim();

  // Why the button cannot be used yet. Without a text generator (or while the server's set-up is
  // still being read) there is no button at all: a greyed one on every form offered nothing.
  const reason = available && !typedTitle ? 'Type a title first: the description is drafted from it.' : null;

  return (
    <div className="flex flex-col gap-2">
      <TextAreaField label="Description" rows={6} readOnly={draft.isPending} error={error} {...field} />
      {available && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={!typedTitle || draft.isPending}
            aria-busy={draft.isPending || undefined}
            aria-describedby={reason ? noteId : undefined}
            onClick={() => draft.mutate({ title: typedTitle }, { onSuccess: onDrafted })}
          >
            Draft description with AI
          </Button>
          {reason && (
            <p id={noteId} className="text-sm text-slate-600">
              {reason}
            </p>
          )}
        </div>
      )}
      <div aria-live="polite">
        {draft.isPending && (
          <div className="rounded-lg bg-campus-50 p-3 text-campus-900">
            <p className="font-medium">Loading your description</p>
            <p className="text-sm">It might take up to 10 seconds.</p>
          </div>
        )}
      </div>
      <ErrorBanner message={draft.isError ? MESSAGES.draftFailed : null} />
    </div>
  );
}
