/** A round avatar; initials when the user has no picture (the exam office has none). */
export function Avatar({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  const style = { width: size, height: size };
  if (src) return <img src={src} alt={`${name}'s avatar`} style={style} className="rounded-full object-cover ring-2 ring-white" />;
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <span role="img" aria-label={`${name}'s avatar`} style={style} className="flex items-center justify-center rounded-full bg-campus-100 font-semibold text-campus-700">
      {initials}
    </span>
  );
}
