import { fileTypeFromBuffer } from 'file-type';

/** Bytes read before deciding the type: file-type needs at most ~4 kB for the formats we accept. */
export const SNIFF_BYTES = 4100;

/**
 * The content type of a file from its first bytes, never from its name or the client's claim.
 * Files file-type does not recognise count as text/plain when they are valid UTF-8 with no NUL.
 */
export async function sniffType(head: Uint8Array): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  if (head.byteLength > 0 && looksLikeText(head)) return 'text/plain';
  return undefined;
}

function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  // The head may end in the middle of a multi-byte character: allow up to 3 trailing bytes.
  for (let cut = 0; cut <= 3 && cut < head.byteLength; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.byteLength - cut));
      return true;
    } catch {
      // try a shorter prefix
    }
  }
  return false;
}
