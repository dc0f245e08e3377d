import { useMemo } from 'react';
import { QUIET_ZONE, qrSymbol } from '../lib/qr';

/**
 * A QR code as an inline SVG: black modules on white with the quiet zone, drawn crisp at any
 * size, so a phone scans it off another phone's screen. `size` is its side in CSS pixels; the
 * symbol's version rides on `data-version` for the tests and whoever measures it.
 */
export function QrCode({ text, label, size }: { text: string; label: string; size: number }) {
  const symbol = useMemo(() => qrSymbol(text), [text]);
  const side = symbol.size + 2 * QUIET_ZONE;
  const path = symbol.runs.map(([x, y, n]) => `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${n}v1h-${n}z`).join('');
  return (
    <svg role="img" aria-label={label} data-version={symbol.version} viewBox={`0 0 ${side} ${side}`} width={size} height={size} shapeRendering="crispEdges" className="max-w-full shrink-0 bg-white">
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
