/**
 * Calendar days (exam and event dates) as `YYYY-MM-DD` strings, never Date objects: a day has no
 * time zone, so nothing here can shift it. No zod here: pages that only format dates stay light.
 */

/** A real calendar date (2026-02-30 is not), years 1900–2999. */
export function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (y < 1900 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `YYYY-MM-DD` as `DD/MM/YYYY` (the hall ticket's format), or `TBA` when there is no date. */
export const formatExamDate = (isoDate: string | null): string => {
  if (!isoDate) return 'TBA';
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
};
