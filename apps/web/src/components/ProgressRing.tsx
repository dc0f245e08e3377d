/** A circular percent ring (the avatar upload, docs/product.md#accounts). */
export function ProgressRing({ percent, size = 160, stroke = 8 }: { percent: number; size?: number; stroke?: number }) {
  const r = (size - stroke) / 2;
  const c = 2 * Math.PI * r;
  return (
    <svg
      width={size}
      height={size}
      className="pointer-events-none absolute inset-0 -rotate-90"
      role="progressbar"
      aria-label="Upload progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="#dbeafe" strokeWidth={stroke} />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={r}
        fill="none"
        stroke="#1d4ed8"
        strokeWidth={stroke}
        strokeDasharray={c}
        strokeDashoffset={c - (percent / 100) * c}
        strokeLinecap="round"
      />
    </svg>
  );
}
