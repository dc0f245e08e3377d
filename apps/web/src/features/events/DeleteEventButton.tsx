import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorText } from '../../lib/api';
import { useNavigateWithFlash } from '../../lib/flash';
import { useDeleteEvent } from './api/delete-event';

const EVENT_DELETED = 'Event deleted.';

/** The host's Delete: a danger button, then the confirmation; once deleted, /my-events says so (docs/product.md#events). */
export function DeleteEventButton({ eventId }: { eventId: string }) {
  const navigateWithFlash = useNavigateWithFlash();
  const [open, setOpen] = useState(false);
  const remove = useDeleteEvent(eventId);

  // replace: going back must not land on the deleted event's page.
  const confirm = () => remove.mutate(undefined, { onSuccess: () => navigateWithFlash('/my-events', EVENT_DELETED, { replace: true }) });

  return (
    <>
      <Button
        variant="danger"
        className="self-start"
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Are you sure you want to delete this event ?"
        description="It disappears from every events list. It cannot be undone."
        cancelLabel="No, cancel"
        confirmLabel="Yes, I'm sure"
        onConfirm={confirm}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
      />
    </>
  );
}
