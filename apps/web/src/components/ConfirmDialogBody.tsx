import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode, type RefObject } from 'react';
import { ErrorBanner } from './Banner';
import { Button } from './Button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** While the action runs the dialog cannot be closed: closing would hide its outcome. */
  pending?: boolean;
  /** Why the action failed; the dialog stays open so the user can try again or cancel. */
  error?: string | null;
  /**
   * Where focus goes on closing when the control that opened the dialog is gone (a removed
   * row's button); otherwise focus returns to that control.
   */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/** The dialog itself (Radix); pages ask through useConfirmAction (ConfirmAction.tsx), which loads this when first opened. */
export default function ConfirmDialogBody({ open, onOpenChange, title, description, confirmLabel, cancelLabel = 'Cancel', onConfirm, pending = false, error, fallbackFocus }: ConfirmDialogProps) {
  // Radix returns focus only to its own Trigger; the caller's button is remembered here instead.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const back = opener.current?.isConnected ? opener.current : fallbackFocus?.current;
            back?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          {error && (
            <div className="mt-4">
              <ErrorBanner message={error} />
            </div>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button variant="danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
