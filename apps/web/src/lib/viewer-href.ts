/**
 * The in-app viewer page (`/view`) of an uploaded file: `file` is the `/files/…` URL the API
 * answered (notesfile, marksheet), `title` what the viewer shows and names the download after.
 */
export function viewerHref(file: string, title: string): string {
  return `/view?${new URLSearchParams({ file, title })}`;
}
