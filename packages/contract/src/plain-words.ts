/**
 * Small English helpers the catalogue's messages and the web app's sentences share. Nothing else
 * in here, and no imports: the web app's first load takes this module without the catalogue.
 */

/** "a", "a or b", "a, b or c". */
export const orList = (words: readonly string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);

/** "45 seconds", "3 minutes", "1 hour": how long until a limit lifts, for people. */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
