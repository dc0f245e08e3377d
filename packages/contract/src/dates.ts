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

/** `YYYY-MM-DD` as `DD/MM/YYYY`, or `TBA` when there is no date: what `/examdates` answers, for existing clients (docs/product.md#existing-clients). The web app writes dates with its own lib/dates. */
export const formatExamDate = (isoDate: string | null): string => {
  if (!isoDate) return 'TBA';
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
};

/** `HH:MM` (24-hour) as the admit card has always printed a time: `09:15 AM`, `12:15 PM`. */
const twelveHour = (time: string): string => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/**
 * An exam's start and end (`HH:MM`, campus time) as people read them, `09:15 AM to 12:15 PM`;
 * null when the course does not say (the reader is told the time is to be announced).
 */
export const formatExamTimes = (start: string | null, end: string | null): string | null =>
  start && end ? `${twelveHour(start)} to ${twelveHour(end)}` : null;

/**
 * One Intl.DateTimeFormat per locale and options, made once: making one costs far more than using
 * it (it resolves the locale and loads the zone's rules; on a slow phone the home page's event
 * cards spent ~90 ms making the same few again on every render), and they never change.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/**
 * Today's calendar day in `timeZone` (an IANA name), as `YYYY-MM-DD`: "today" for events is the
 * campus's day, whatever zone the server's clock or the browser is in.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The wall-clock minute in `timeZone`: its day (`YYYY-MM-DD`, as `todayIn`) and time (`HH:MM`,
 * 00:00–23:59), the form events' dates and times take, so the two compare as text.
 */
export function wallClockIn(timeZone: string, now: Date = new Date()): { date: string; time: string } {
  const parts = dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/**
 * A `YYYY-MM-DD` day's weekday, day of month and month names for display, computed at UTC
 * midnight and formatted in UTC so that no browser zone can move it to the day before or after.
 */
export function calendarDayParts(isoDate: string, locale = 'en-GB'): { weekday: string; day: string; month: string; long: string } {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  const f = (options: Intl.DateTimeFormatOptions) => dateFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
  return {
    weekday: f({ weekday: 'long' }),
    day: f({ day: 'numeric' }),
    month: f({ month: 'short' }),
    long: f({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
  };
}
