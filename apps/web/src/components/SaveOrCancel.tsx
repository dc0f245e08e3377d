import { ErrorBanner } from './Banner';
import { Button } from './Button';

/**
 * The end of a form that edits something in place (one's profile, a user's details): why the
 * save failed, if it did, then Save and Cancel, both held while the save is under way.
 */
export function SaveOrCancel({ error, pending, onCancel }: { error: string | null | undefined; pending: boolean; onCancel: () => void }) {
  return (
    <>
      <ErrorBanner message={error} />
      <div className="flex gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </>
  );
}
