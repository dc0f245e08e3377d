import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FileStore } from '../../platform/files/file-store';
import type { ZipEntry } from './submissions.service';

/** "report.pdf" handed in twice by one student becomes "report.pdf" and "report (2).pdf" in their folder. */
function uniquePaths(entries: readonly ZipEntry[]): string[] {
  const taken = new Set<string>();
  return entries.map(({ registrationId, name }) => {
    const dot = name.lastIndexOf('.');
    const [stem, ending] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let path = `${registrationId}/${name}`;
    for (let n = 2; taken.has(path); n++) path = `${registrationId}/${stem} (${n})${ending}`;
    taken.add(path);
    return path;
  });
}

/**
 * The zip of every latest submission, `<registrationId>/<file name>`, as a stream: each file's
 * bytes are opened from the store only when the zip reaches it, and stored as they are (most are
 * pdfs, images and office files, already compressed), so the zip is never held in memory and a
 * hundred files do not hold a hundred connections open. A file the store cannot give ends the
 * stream with that error (the answer is cut short: its headers are already sent).
 */
export function submissionsZip(store: FileStore, entries: readonly ZipEntry[]): Readable {
  const zip = new ZipFile();
  const paths = uniquePaths(entries);
  entries.forEach((entry, i) => {
    zip.addReadStreamLazy(paths[i]!, { compress: false, size: entry.bytes }, (done) => {
      store.get(entry.storageKey).then(
        (stream) => done(null, stream),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), undefined as never),
      );
    });
  });
  zip.end();
  return zip.outputStream as Readable;
}
