import { useState, type ReactNode } from 'react';

/**
 * The green dismissible banner headed "Success" (docs/product.md#screens), with the sentence the
 * page wrote of what it did (never the server's English).
 * onDismiss tells the page it was closed (after signup it leads on to the login page).
 */
export function SuccessBanner({ message, onDismiss, children }: { message: string; onDismiss?: () => void; children?: ReactNode }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div role="status" className="flex items-start justify-between gap-4 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
      <div>
        <h2 className="font-semibold">Success</h2>
        <p>{message}</p>
        {children}
      </div>
      <button
        type="button"
        aria-label="Dismiss"
        className="rounded px-2 text-xl leading-none text-green-800 hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-green-700"
        onClick={() => {
          setOpen(false);
          onDismiss?.();
        }}
      >
        ×
      </button>
    </div>
  );
}

/** An error in red: a sentence (a refusal worded by `errorText` or `refusalSentence`, lib/words). Renders nothing without one. */
export function ErrorBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
      {message}
    </p>
  );
}
