import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';

/** A load that failed: what went wrong, and a way to try again without reloading the page. */
export function Retry({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-start gap-3">
      <ErrorBanner message={message} />
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}
