import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
// The legacy build is the one PDF.js ships for Node (the modern one expects a browser's globals).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** PDF.js's copies of the 14 standard fonts, which jsPDF's PDFs name without embedding. */
const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

export interface PdfSummary {
  /** The text of every page, each page's items joined by spaces and pages by newlines. */
  text: string;
  /** The first page's size in PDF points, as `pdfinfo` reports it. */
  firstPage: { width: number; height: number };
  pages: number;
}

/**
 * Reads a downloaded PDF in JavaScript (PDF.js), so the journeys need no poppler-utils: Chromium
 * is the only thing a newcomer installs besides `npm ci`.
 */
export async function readPdf(path: string): Promise<PdfSummary> {
  const data = new Uint8Array(await readFile(path));
  const task = getDocument({ data, useSystemFonts: false, standardFontDataUrl });
  const doc = await task.promise;
  try {
    const texts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    const [, , width, height] = (await doc.getPage(1)).view;
    return { text: texts.join('\n'), firstPage: { width: width!, height: height! }, pages: doc.numPages };
  } finally {
    await task.destroy();
  }
}
