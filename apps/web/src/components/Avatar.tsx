/**
 * A round avatar. Users without a picture (the exam office is created without one) get their
 * initials, still exposed as an image named "<name>'s avatar".
 */
export function Avatar({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  const style = { width: size, height: size };
  if (src) {
    return <img src={src} alt={`${name}'s avatar`} style={style} className="shrink-0 rounded-full bg-campus-100 object-cover ring-2 ring-white" />;
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (
    <span
      role="img"
      aria-label={`${name}'s avatar`}
      style={{ ...style, fontSize: size / 2.6 }}
      className="flex shrink-0 items-center justify-center rounded-full bg-campus-100 font-semibold text-campus-700 ring-2 ring-white"
    >
      {initials}
    </span>
  );
}

/** The silhouette shown in the header when nobody is logged in. */
export function GuestAvatar({ size = 40 }: { size?: number }) {
  return (
    <svg role="img" aria-label="Guest avatar" viewBox="0 0 40 40" width={size} height={size} className="shrink-0 rounded-full bg-campus-100 ring-2 ring-white">
      <circle cx="20" cy="15" r="7" className="fill-campus-600" />
      <path d="M6 36c2-8 8-12 14-12s12 4 14 12" className="fill-campus-600" />
    </svg>
  );
}
