import { FILES_PREFIX } from '@campus/contract/prefix';

/**
 * The `?file=` of the viewer page, when it is one of the portal's own files: a same-origin path
 * under /files/ (after the browser resolves `..` and the like). Anything else (another site, a
 * `javascript:` URL, the API) is refused: the page never frames what it did not serve itself.
 */
export function viewableFile(file: string | null, origin = window.location.origin): string | null {
  if (!file?.startsWith(`${FILES_PREFIX}/`) || file.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(file, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !url.pathname.startsWith(`${FILES_PREFIX}/`)) return null;
  return url.pathname;
}

/** How the viewer shows a file of this type: in the browser's PDF viewer, as an image, or not at all. */
export type Display = 'pdf' | 'image' | 'none';

export function displayOf(contentType: string | null): Display {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type === 'image/png' || type === 'image/jpeg') return 'image';
  return 'none';
}
