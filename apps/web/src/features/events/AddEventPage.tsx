import { pages } from '@campus/contract/pages';
import { FormPage } from '../../components/Page';
import { useNavigateWithFlash } from '../../lib/flash';
import { useUpload } from '../../lib/use-upload';
import { RequireUser } from '../auth';
import { useCreateEvent } from './api/create-event';
import { EMPTY_EVENT, EventForm } from './EventForm';

const EVENT_CREATED = 'Event created.';

/** /add-event: anyone logged in hosts an event (docs/product.md#events). */
export default function AddEventPage() {
  return <RequireUser>{() => <AddEventForm />}</RequireUser>;
}

function AddEventForm() {
  const navigateWithFlash = useNavigateWithFlash();
  const upload = useUpload();
  const create = upload.track(useCreateEvent(upload.onProgress));
  return (
    <FormPage title="Add Event" intro="Everyone sees it under Events; today's and upcoming events also show on the home page.">
      <EventForm
        initial={EMPTY_EVENT}
        submitLabel="Add Event"
        saving={create}
        // Straight to the new event, which says it was created. Replace: Back skips the used form.
        onSave={(form) => create.send(form, { onSuccess: ({ data }) => navigateWithFlash(pages.event(data.event._id), EVENT_CREATED, { replace: true }) })}
      />
    </FormPage>
  );
}
