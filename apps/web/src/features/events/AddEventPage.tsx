import { FILE_LIMITS, MESSAGES } from '@campus/contract/constants';
import type { CreateEventBody, CreateEventInput } from '@campus/contract/events';
import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextAreaField, TextField } from '../../components/Field';
import { FormPage } from '../../components/Page';
import { ProgressBar } from '../../components/ProgressBar';
import { usePortalConfig } from '../../lib/config/portal-config';
import { useNavigateWithFlash } from '../../lib/flash';
import { deferredResolver, imageProblem, multipart } from '../../lib/forms';
import { ThumbnailField } from '../../components/ThumbnailField';
import { usePickedFile, useUpload } from '../../lib/use-upload';
import { RequireUser } from '../auth';
import { useCreateEvent } from './api/create-event';
import { useDraftDescription } from './api/draft-description';

const checks = deferredResolver(() => import('./event-checks').then((m) => m.createEventResolver));

const EVENT_CREATED = 'Event created.';

/** /add-event: anyone logged in hosts an event (spec §2, §5 "Add event"). */
export default function AddEventPage() {
  return <RequireUser>{() => <AddEventForm />}</RequireUser>;
}

function AddEventForm() {
  const navigateWithFlash = useNavigateWithFlash();
  const upload = useUpload();
  const create = upload.track(useCreateEvent(upload.onProgress));
  const { register, handleSubmit, formState, watch, setValue } = useForm<CreateEventInput, unknown, CreateEventBody>({
    resolver: checks.resolver,
    defaultValues: { title: '', description: '', date: '', time: '', venue: '', instagram: '', twitter: '', linkedin: '', gform: '' },
  });
  const { errors } = formState;

  // The file lives beside react-hook-form: optional, but when picked it must be a small png or jpeg.
  const thumbnail = usePickedFile((file) => file && imageProblem(file, 'thumbnail', FILE_LIMITS.thumbnail.maxBytes));

  const submit = handleSubmit(
    (body) => {
      if (!thumbnail.check()) return;
      create.send(
        multipart({
          title: body.title,
          description: body.description,
          date: body.date,
          time: body.time,
          venue: body.venue,
          // Links not given are left out (the server stores none).
          instagram: body.instagram || undefined,
          twitter: body.twitter || undefined,
          linkedin: body.linkedin || undefined,
          gform: body.gform || undefined,
          thumbnail: thumbnail.file,
        }),
        // Straight to the new event, which says it was created. Replace: Back skips the used form.
        { onSuccess: ({ data }) => navigateWithFlash(`/event/${data.event._id}`, EVENT_CREATED, { replace: true }) },
      );
    },
    () => thumbnail.check(),
  );

  return (
    <FormPage title="Add Event" intro="Everyone sees it under Events; today's and upcoming events also show on the home page.">
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
        <ThumbnailField picked={thumbnail} disabled={create.pending} />
        {create.percent !== null && <ProgressBar percent={create.percent} />}
        <ErrorBanner message={errors.root?.message ?? create.error} />
        <Button type="submit" disabled={create.pending} aria-busy={create.pending || undefined}>
          Add Event
        </Button>
      </form>
    </FormPage>
  );
}

/**
 * The description, and the button that drafts it from the title with the server's text
 * generator (API.md draft-description). The button says why when it cannot be used.
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

  // Why the button cannot be used now (nothing while the server's set-up is still being read).
  let reason: string | null = null;
  if (config.data || config.isError) {
    if (!available) reason = 'Drafting is not available on this server';
    else if (!typedTitle) reason = 'Type a title first: the description is drafted from it.';
  }

  return (
    <div className="flex flex-col gap-2">
      <TextAreaField label="Description" rows={6} readOnly={draft.isPending} error={error} {...field} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={!available || !typedTitle || draft.isPending}
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
