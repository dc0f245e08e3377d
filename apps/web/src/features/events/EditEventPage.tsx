import { pages } from '@campus/contract/pages';
import type { CampusEvent } from '@campus/contract/events';
import type { User } from '@campus/contract/users';
import { useParams } from 'react-router';
import { FormPage } from '../../components/Page';
import { usePageLoad } from '../../components/PageLoad';
import { useNavigateWithFlash } from '../../lib/flash';
import { fileLimitsText } from '../../lib/forms';
import { useUpload } from '../../lib/use-upload';
import { RequireUser } from '../auth';
import { useEvent } from './api/event';
import { EVENT_NOT_FOUND } from './event-not-found';
import { useUpdateEvent } from './api/update-event';
import { EventForm } from './EventForm';

const EVENT_UPDATED = 'Event updated.';

/** /event/:eventId/edit: the host changes the event, with the Add Event form filled in. */
export default function EditEventPage() {
  const { eventId = '' } = useParams();
  return <RequireUser>{(user) => <EditEvent key={eventId} eventId={eventId} user={user} />}</RequireUser>;
}

function EditEvent({ eventId, user }: { eventId: string; user: User }) {
  const q = useEvent(eventId);
  const isHost = (event: CampusEvent) => event.owner === user._id;
  const page = usePageLoad(q, {
    title: (data) => (isHost(data.events) ? 'Edit Event' : 'Not your event'),
    loadingTitle: 'Edit Event',
    notFound: EVENT_NOT_FOUND,
    loadingLabel: 'Loading event',
  });

  if (page.screen) return page.screen;
  const event = page.data.events;
  // The server refuses anyone else's edit (403); say so before they type anything.
  if (!isHost(event)) {
    return (
      <section className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-2xl font-semibold text-campus-900">Not your event</h1>
        <p className="mt-2 text-slate-600">Only the host of this event can edit it.</p>
      </section>
    );
  }
  return <EditEventForm event={event} />;
}

function EditEventForm({ event }: { event: CampusEvent }) {
  const navigateWithFlash = useNavigateWithFlash();
  const upload = useUpload();
  const update = upload.track(useUpdateEvent(event._id, upload.onProgress));
  const { title, description, date, time, venue, instagram, twitter, linkedin, gform } = event;
  return (
    <FormPage title="Edit Event" intro="Those who added the campus calendar to theirs get the change too.">
      <EventForm
        initial={{ title, description, date, time, venue, instagram, twitter, linkedin, gform }}
        submitLabel="Save changes"
        thumbnailHint={`Optional: ${fileLimitsText('thumbnail')}, to replace the current one (none keeps it).`}
        saving={update}
        // Back to the event, which says it was saved. Replace: Back skips the used form.
        onSave={(form) => update.send(form, { onSuccess: () => navigateWithFlash(pages.event(event._id), EVENT_UPDATED, { replace: true }) })}
      />
    </FormPage>
  );
}
