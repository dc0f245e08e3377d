/**
 * A busy indicator. An indeterminate progressbar (no value) rather than role="status", which
 * the app keeps for its "Success" banners so that tests and assistive tech can find them.
 */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="progressbar" aria-label={label} aria-busy="true" className="flex items-center justify-center p-10">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-campus-100 border-t-campus-600 motion-reduce:animate-none" />
    </div>
  );
}
