/**
 * The `Content-Disposition` of a served file: named after what people call it ("Lecture 1.pdf",
 * "Marksheet semester 3.pdf"), with the extension of its stored type, and safe to save anywhere.
 */
import { FILE_TYPES, type FileType } from '@campus/contract';

/** Longest name kept, before the extension: file systems allow 255 bytes, titles rarely need it. */
const MAX_STEM = 120;

/**
 * A file name from a title: characters no file system or shell handles well (path separators,
 * `:*?"<>|`, controls) become spaces, and leading dots go (no hidden or `..` names). An empty
 * result is "download". The type's extension is added unless the title already ends with it.
 */
export function downloadName(title: string, contentType: string): string {
  const extension = Object.hasOwn(FILE_TYPES, contentType) ? FILE_TYPES[contentType as FileType].extensions[0] : '';
  const stem =
    [...title.normalize('NFC').replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').replace(/^[.\s]+/, '').trim()]
      .slice(0, MAX_STEM)
      .join('')
      .trim() || 'download';
  const hasExtension = extension !== '' && stem.toLowerCase().endsWith(extension);
  return hasExtension ? stem : stem + extension;
}

/** RFC 5987 value: percent-encoded UTF-8, with the characters encodeURIComponent leaves but the grammar does not allow. */
const rfc5987 = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * RFC 6266: a plain ASCII `filename` for old clients (accents dropped, other non-ASCII as `_`)
 * and the exact UTF-8 name in `filename*`, which every current browser prefers.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}
