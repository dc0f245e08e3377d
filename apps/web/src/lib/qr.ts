// The encoder alone (qrcode's core): its own entry also carries a canvas and an SVG renderer,
// which the portal draws itself (an inline SVG on screen, jsPDF rectangles on paper).
import { create } from 'qrcode/lib/core/qrcode';
import { pages } from '@campus/contract/pages';

/**
 * A signed document's QR code: `PUBLIC origin + /verify#<token>`, so any phone camera opens the
 * check, at error correction L: the token is long, and L keeps the symbol smallest. A marksheet's
 * token (a compact JWS, base64url) is in byte mode: version 14 (73 × 73) with the origin
 * https://portal.example.edu. An admit card's is its printed code, digits in numeric mode
 * (docs/decisions/0032-exam-day-that-holds.md): about version 10 for two papers and 13 for eight,
 * where its full token was version 17 for two (each paper added about 80 characters, one
 * version; a paper adds 16 digits to the code).
 *
 * Loaded only with the pages that draw a code (the admit card's PDF and its on-screen code, a
 * marksheet's code), never in a first load.
 */
export const QR_LEVEL = 'L';
/**
 * One mask pattern, not the best of eight: scoring all eight is nine tenths of the encoder's time
 * (about 10 ms for an admit card on a laptop, 40 on a slow phone, in the admit card page's first
 * seconds), and readers decode any of them; the e2e journey decodes a printed card with it.
 */
const MASK = 0;
/** The quiet zone a reader needs around the symbol, in modules. */
export const QUIET_ZONE = 4;

export interface QrSymbol {
  version: number;
  /** Modules per side, quiet zone not counted. */
  size: number;
  /** Each row's dark runs, as [x, y, length]: one rectangle each, not one per module. */
  runs: [number, number, number][];
}

/**
 * The segments of `text`: an admit card's printed code (digits after the link's `#`,
 * @campus/contract/document-code) goes in numeric mode, 3⅓ bits a digit, after the link in byte
 * mode; anything else is bytes.
 */
function segmentsOf(text: string) {
  const code = /^(.*#)(\d+)$/.exec(text);
  if (!code) return [{ data: new TextEncoder().encode(text), mode: 'byte' as const }];
  return [
    { data: new TextEncoder().encode(code[1]!), mode: 'byte' as const },
    { data: code[2]!, mode: 'numeric' as const },
  ];
}

export function qrSymbol(text: string): QrSymbol {
  const { modules, version } = create(segmentsOf(text), { errorCorrectionLevel: QR_LEVEL, maskPattern: MASK });
  const { size } = modules;
  const runs: [number, number, number][] = [];
  for (let y = 0; y < size; y++) {
    let start = -1;
    for (let x = 0; x <= size; x++) {
      const dark = x < size && modules.get(y, x) === 1;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push([start, y, x - start]);
        start = -1;
      }
    }
  }
  return { version, size, runs };
}

/** The link a document's code holds: this portal's /verify with the token in the fragment. */
export const verifyLink = (token: string, origin: string = window.location.origin) => origin + pages.verifyToken(token);
