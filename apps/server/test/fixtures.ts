import { deflateSync } from 'node:zlib';

/** Upload fixtures built in code: real file signatures, so type sniffing is exercised honestly. */

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid 1×1 RGB PNG. */
export function tinyPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const raw = Buffer.from([0, 0x33, 0x66, 0x99]); // filter byte + one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG: SOI, a JFIF APP0 segment and EOI (enough for any byte sniffer). */
export function tinyJpeg(): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.from([0xff, 0xd9])]);
}

/** A PNG padded past `bytes` (an ancillary chunk of zeros), for size-limit tests. */
export function pngOfSize(bytes: number): Buffer {
  const png = tinyPng();
  const iend = png.subarray(png.length - 12);
  return Buffer.concat([png.subarray(0, png.length - 12), chunk('tEXt', Buffer.alloc(bytes)), iend]);
}

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as app.inject needs it. */
export function multipart(fields: Record<string, string | number | undefined>, files: Record<string, FilePart> = {}) {
  const boundary = `----campus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pngAvatar = (): Record<string, FilePart> => ({ avatar: { filename: 'me.png', contentType: 'image/png', data: tinyPng() } });

/** A plain-text file part (notes accept text/plain, sniffed as valid UTF-8 without NULs). */
export const textFile = (filename: string, text: string): FilePart => ({ filename, contentType: 'text/plain', data: Buffer.from(text) });

/** A minimal PDF: the signature is what the sniffer reads. */
export function tinyPdf(text = 'notes'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
}

export const pngThumbnail = (): Record<string, FilePart> => ({ thumbnail: { filename: 'cover.png', contentType: 'image/png', data: tinyPng() } });
