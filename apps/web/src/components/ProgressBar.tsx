/** An upload's progress as a bar with its percent (notes, marksheets); the avatar has its ring. */
export function ProgressBar({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-3">
      <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 flex-1 overflow-hidden rounded-full bg-campus-100">
        <div className="h-full bg-campus-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-12 text-right text-sm tabular-nums text-slate-600" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
