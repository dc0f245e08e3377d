import { deflateSync } from 'node:zlib';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

let counter = 0;
/** A registration id no other test in this run uses (≥ 100000000, as the rules require). */
export function uniqueRegistrationId(): number {
  counter += 1;
  return 300_000_000 + ((Date.now() % 1_000_000) * 100 + counter) % 600_000_000;
}

/** A small solid-colour PNG, built byte by byte so no binary fixture is checked in. */
export function pngBytes(width = 8, height = 8, rgb: [number, number, number] = [30, 90, 200]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const png = (name = 'avatar.png', rgb?: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: pngBytes(8, 8, rgb),
});

const shotsDir = new URL('../artifacts/screenshots/', import.meta.url).pathname;
mkdirSync(shotsDir, { recursive: true });
/** Keeps a full-page screenshot of a step as a CI artifact. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${shotsDir}${name}.png`, fullPage: true });
}

/** A minimal PDF (the server checks the leading bytes, not the whole document); `text` makes it unique. */
export const pdf = (name: string, text: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`),
});
