import { wallClockIn } from '@campus/contract/dates';

/*
 * Stored instants read on the campus's clock (GET /config's campusTimeZone), to fill a form's
 * date and time inputs, and compared as those inputs hold them. Apart from campus-time.ts (typed
 * times written as instants, which the forms' checks load on demand), so the edit form's first
 * load carries only this.
 */

/** An instant as the campus's wall clock, to fill a form's date and time inputs. */
export function campusWallClock(iso: string, timeZone: string): { date: string; time: string } {
  return wallClockIn(timeZone, new Date(iso));
}

const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000);

/**
 * Whether two instants (ISO, any offset) fall in the same minute: the form's inputs hold whole
 * minutes, so a stored time with seconds that the owner left alone has not changed.
 */
export const sameMinute = (a: string | null, b: string | null) => (a === null || b === null ? a === b : minuteOf(a) === minuteOf(b));
