/**
 * How the web app writes a date, everywhere: the day, the month's name and the year ("14 Dec
 * 2026"), with the weekday where there is room ("Mon, 14 Dec 2026"). Never 14/12/2026, which
 * half the world reads as the 12th of a 14th month, nor 10/12, read as 12 October by some.
 *
 * The names are spelled here rather than asked of Intl: locale data differs between engines
 * ("Sep" or "Sept"), and the screen, the PDF and the tests must all say the same.
 *
 * Exam and event dates are calendar days (`YYYY-MM-DD`): read as UTC dates, so no browser zone
 * can move them to the day before. Moments (a notification's time) are instants, shown in the
 * browser's own zone.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` as "14 Dec 2026", or "Mon, 14 Dec 2026" with `weekday`. */
export function formatDay(isoDay: string, { weekday = false } = {}): string {
  const match = ISO_DAY.exec(isoDay);
  if (!match) return isoDay;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = `${d} ${MONTHS[m - 1]} ${y}`;
  return weekday ? `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${day}` : day;
}

/** An exam date: the day with its weekday, or "TBA" when none is set yet. */
export const formatExamDay = (isoDay: string | null | undefined): string => (isoDay ? formatDay(isoDay, { weekday: true }) : 'TBA');

/**
 * `/examdates` answers `DD/MM/YYYY` or `TBA` (kept for existing clients, docs/product.md#existing-clients): the same day
 * as `YYYY-MM-DD`, or null when it is not a date.
 */
export function isoDayFromExamDates(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The day of a moment (an ISO timestamp) in the browser's zone: "14 Dec 2026". */
export function formatMomentDay(isoTimestamp: string): string {
  const at = new Date(isoTimestamp);
  if (Number.isNaN(at.getTime())) return isoTimestamp;
  return `${at.getDate()} ${MONTHS[at.getMonth()]} ${at.getFullYear()}`;
}

/** A moment (an ISO timestamp) as "14 Dec 2026, 18:30" in the browser's zone. */
export function formatMoment(isoTimestamp: string): string {
  const at = new Date(isoTimestamp);
  if (Number.isNaN(at.getTime())) return isoTimestamp;
  return `${formatMomentDay(isoTimestamp)}, ${two(at.getHours())}:${two(at.getMinutes())}`;
}
