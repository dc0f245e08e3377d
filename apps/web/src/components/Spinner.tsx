export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex justify-center p-10" role="progressbar" aria-label={label} aria-busy="true">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-campus-100 border-t-campus-600" />
    </div>
  );
}
