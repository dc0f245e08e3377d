import { pages } from '@campus/contract/pages';
import { Button } from '../../components/Button';
import { useConfirmAction } from '../../components/ConfirmAction';
import { useNavigateWithFlash } from '../../lib/flash';
import { useDeleteEvent } from './api/delete-event';

const EVENT_DELETED = 'Event deleted.';

/** The host's Delete: a danger button, then the confirmation; once deleted, /my-events says so (docs/product.md#events). */
export function DeleteEventButton({ eventId }: { eventId: string }) {
  const navigateWithFlash = useNavigateWithFlash();
  const remove = useConfirmAction({
    mutation: useDeleteEvent(eventId),
    variables: () => undefined,
    words: { title: 'Are you sure you want to delete this event ?', description: 'It disappears from every events list. It cannot be undone.', cancelLabel: 'No, cancel', confirmLabel: "Yes, I'm sure" },
    // replace: going back must not land on the deleted event's page.
    onDone: () => navigateWithFlash(pages.myEvents, EVENT_DELETED, { replace: true }),
  });

  return (
    <>
      <Button variant="danger" className="self-start" {...remove.trigger()}>
        Delete
      </Button>
      {remove.dialog}
    </>
  );
}
