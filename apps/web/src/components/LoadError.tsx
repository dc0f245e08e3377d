import { errorText } from '../lib/api';
import { Button } from './Button';

/**
 * What a list or page shows when its data could not be loaded: the reason in red and a Retry
 * that asks again (a query's refetch). Every query-backed list uses this one, so a failure
 * never leaves the user without a next step.
 */
export function LoadError({ error, message, onRetry, retrying = false }: { error?: unknown; message?: string; onRetry: () => unknown; retrying?: boolean }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
      <p className="min-w-0 break-words">{message ?? errorText(error)}</p>
      <Button variant="secondary" onClick={() => void onRetry()} disabled={retrying} aria-busy={retrying || undefined}>
        Retry
      </Button>
    </div>
  );
}
