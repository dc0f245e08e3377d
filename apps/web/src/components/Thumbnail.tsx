/**
 * A course's or an event's picture, or when it has none ('' from the server) a tinted block with
 * its initial, hidden from screen readers since it says nothing the title does not.
 */
export function Thumbnail({ src, title, className = '' }: { src: string; title: string; className?: string }) {
  if (src) return <img src={src} alt={`${title} thumbnail`} loading="lazy" className={`aspect-video w-full bg-slate-100 object-cover ${className}`} />;
  return (
    <div aria-hidden="true" className={`flex aspect-video w-full items-center justify-center bg-gradient-to-br from-campus-50 to-slate-100 text-4xl font-bold text-campus-300 ${className}`}>
      {title.trim()[0]?.toUpperCase() ?? ''}
    </div>
  );
}
