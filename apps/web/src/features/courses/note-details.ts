import type { Note } from '@campus/contract/notes';
import { formatMomentDay } from '../../lib/dates';

/** Short names for the stored MIME types a notes file may have (FILE_LIMITS.notesfile). */
const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'text/plain': 'Text',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/zip': 'ZIP',
};

const typeName = (mime: string) => TYPE_NAMES[mime] ?? 'File';

/** Bytes as people read them: "512 B", "3.2 KB", "2.4 MB", "48 MB" (one decimal below 10). */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  const shown = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${shown} ${unit}`;
}

/** "PDF · 2.4 MB · 10 Dec 2026": what a notes list says of each file before it is opened. */
export const noteDetails = (note: Note) => [typeName(note.type), sizeText(note.size), formatMomentDay(note.createdAt)].join(' · ');
