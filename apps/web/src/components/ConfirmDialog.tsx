import { Suspense, lazy, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogBody';

const loadBody = () => import('./ConfirmDialogBody');
const Body = lazy(loadBody);

/** Fetches the dialog's code ahead of need (an owner's page, while it is read), so it opens at once. */
export const preloadConfirmDialog = () => void loadBody().catch(() => {});

/**
 * "Are you sure?" before something that cannot be undone (delete a course, an event, a note;
 * remove a student): a modal Radix dialog, so focus is trapped inside, Escape cancels and the
 * page behind is inert. Controlled: the caller opens it from its own button. Its code loads when
 * it is first opened (or preloaded): readers who can delete nothing never download it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
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
