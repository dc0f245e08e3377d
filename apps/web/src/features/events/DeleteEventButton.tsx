import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { errorText } from '../../lib/api';
import { useDeleteEvent } from './api/delete-event';

/** The host's Delete: a danger button, then a confirmation dialog; once deleted, /my-events (spec §4). */
export function DeleteEventButton({ eventId }: { eventId: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteEvent(eventId);

  // replace: going back must not land on the deleted event's page.
  const confirm = () => remove.mutate(undefined, { onSuccess: () => navigate('/my-events', { replace: true }) });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        // Closing mid-request would hide the outcome; the dialog waits for the answer.
        if (!remove.isPending) setOpen(next);
        if (next) remove.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="danger" className="self-start">
          Delete
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Are you sure you want to delete this event ?</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">It disappears from every events list. It cannot be undone.</Dialog.Description>
          <div className="mt-4">
            <ErrorBanner message={remove.isError ? errorText(remove.error) : null} />
          </div>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                No, cancel
              </Button>
            </Dialog.Close>
            <Button variant="danger" onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
              Yes, I&apos;m sure
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
