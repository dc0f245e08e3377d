import { wallClockIn } from '@campus/contract/dates';
import { formatDay, formatMoment } from '../../lib/dates';
import { usePortalConfig } from '../../lib/config/portal-config';

/**
 * A due or closing time on the campus's clock (the server's CAMPUS_TZ), "14 Dec 2026, 18:30":
 * the time the professor typed, as the forms take it, whatever zone the reader's device is in.
 * The browser's own zone until the set-up is known. Moments that merely happened (a hand-in, a
 * post) stay in the browser's zone, as elsewhere in the app.
 */
export function formatOnCampus(isoTimestamp: string, timeZone: string | undefined): string {
  const at = new Date(isoTimestamp);
  if (!timeZone || Number.isNaN(at.getTime())) return formatMoment(isoTimestamp);
  const { date, time } = wallClockIn(timeZone, at);
  return `${formatDay(date)}, ${time}`;
}

/** `formatOnCampus` bound to the portal's set-up. */
export function useCampusMoment(): (isoTimestamp: string) => string {
  const timeZone = usePortalConfig().data?.campusTimeZone;
  return (iso) => formatOnCampus(iso, timeZone);
}
