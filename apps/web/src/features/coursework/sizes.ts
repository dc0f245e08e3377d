/** Bytes as people read them: "512 B", "3.2 KB", "2.4 MB", "48 MB" (one decimal below 10), as the notes list writes them. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  const shown = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${shown} ${unit}`;
}
