import { Suspense, lazy, useState, type ReactNode, type RefObject } from 'react';
import { errorText } from '../lib/api';
import { SuccessBanner } from './Banner';
import type { ConfirmDialogProps } from './ConfirmDialogBody';

const loadBody = () => import('./ConfirmDialogBody');
const Body = lazy(loadBody);

/** Fetches the dialog's code ahead of need (an owner's page, while it is read), so it opens at once. */
export const preloadConfirmDialog = () => void loadBody().catch(() => {});

/**
 * "Are you sure?" before something that cannot be undone (delete a course, an event, a note;
 * remove a student; leave a course; reset the calendar feed): a modal Radix dialog, so focus is
 * trapped inside, Escape cancels and the page behind is inert. Its code loads when it is first
 * opened (or preloaded): readers who can delete nothing never download it. It lives in this
 * file, with the hook that is its only user, so pages that preload it and pages that ask load
 * one small file, not two.
 */
function ConfirmDialog(props: ConfirmDialogProps) {
  // Once opened it stays mounted, so closing can hand focus back.
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  );
}

/** What the dialog says; a function of the thing asked about when there are several (a list's rows). */
interface ConfirmWords {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
}

/** The part of a TanStack mutation this needs (a `useMutation` result fits). */
interface Mutation<TVariables, TData> {
  mutate: (variables: TVariables, options?: { onSuccess?: (data: TData) => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface ConfirmActionOptions<TTarget, TVariables, TData> {
  mutation: Mutation<TVariables, TData>;
  /** The mutation's input for the thing asked about (a row's id; nothing for a page's one action). */
  variables: (target: TTarget) => TVariables;
  words: ConfirmWords | ((target: TTarget) => ConfirmWords);
  /** The failure as the dialog says it; the server's reason by default. */
  failure?: (error: unknown) => string;
  /** After success, once the dialog has closed: usually navigateWithFlash to the page that remains. */
  onDone?: (target: TTarget, data: TData) => void;
  /** A success said on this page (a list whose row went), shown by `banner` until the next ask or dismissal. */
  doneMessage?: (target: TTarget) => string;
  /** Where focus goes on closing when the trigger is gone with its row (the dialog's fallbackFocus). */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/**
 * "Danger button → are you sure? → the mutation → say it is done", wired once. The caller spreads
 * `trigger(target)` on its own button (the look is the page's) and places `dialog` (and `banner`,
 * when the success is said in place) where it wants them. Asking clears the last attempt's error
 * and banner; while the mutation runs the dialog cannot be closed; a failure stays in the dialog
 * so the user can try again or cancel; on success the dialog closes, then onDone runs.
 *
 * One dialog serves every trigger (a list's rows): a row's own dialog would go with the row when
 * the refetch removes it, taking focus with it. The dialog's code still loads only when first
 * opened, or as the pointer or focus reaches a trigger.
 */
export function useConfirmAction<TTarget = void, TVariables = void, TData = unknown>(options: ConfirmActionOptions<TTarget, TVariables, TData>) {
  const { mutation, variables, words, failure = errorText, onDone, doneMessage, fallbackFocus } = options;
  // The last target stays after closing, so the dialog keeps its words while it goes.
  const [asked, setAsked] = useState<{ target: TTarget; open: boolean } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const ask = (target: TTarget) => {
    mutation.reset();
    setDone(null);
    setAsked({ target, open: true });
  };
  const close = () => setAsked((a) => (a ? { ...a, open: false } : a));
  const confirm = () => {
    if (!asked) return;
    const { target } = asked;
    mutation.mutate(variables(target), {
      onSuccess: (data) => {
        close();
        if (doneMessage) setDone(doneMessage(target));
        onDone?.(target, data);
      },
    });
  };

  const open = asked?.open === true;
  const said = asked ? (typeof words === 'function' ? words(asked.target) : words) : null;
  const dialog = said ? (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      {...said}
      onConfirm={confirm}
      pending={mutation.isPending}
      error={open && mutation.isError ? failure(mutation.error) : null}
      fallbackFocus={fallbackFocus}
    />
  ) : null;
  const banner = done ? <SuccessBanner key={done} message={done} onDismiss={() => setDone(null)} /> : null;

  return {
    /** Props for the button that asks: it opens the dialog, and fetches the dialog's code as the pointer or focus comes near. */
    trigger: (target: TTarget) => ({ onClick: () => ask(target), onPointerEnter: preloadConfirmDialog, onFocus: preloadConfirmDialog }),
    /** Whether the dialog is open (a page may hide its own copy of the error meanwhile). */
    open,
    dialog,
    banner,
  };
}
