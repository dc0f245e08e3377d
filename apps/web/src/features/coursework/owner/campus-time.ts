/**
 * Due and closing times are typed on the campus's clock (GET /config's campusTimeZone), whatever
 * zone the professor's browser is in, and sent as ISO-8601 with the campus's offset on that day
 * (`2026-12-01T17:00:00+05:30`), so the server stores the moment that was meant. Reading a
 * stored time back onto that clock is campus-clock.ts: the edit form needs only that part.
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `at`, in minutes (+330 for Asia/Kolkata). */
function offsetMinutes(timeZone: string, at: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) offsetFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name);
  if (!match) return 0; // plain "GMT": UTC itself
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A campus wall-clock day (`YYYY-MM-DD`) and time (`HH:MM`) as an ISO instant with the offset the
 * campus has then; null when either is missing or not a date and time.
 */
export function campusInstant(date: string, time: string, timeZone: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]));
  if (Number.isNaN(wall)) return null;
  // The offset at the wall time read as UTC, then again at the moment that gives: right across a
  // daylight-saving change, where the first guess can be an hour off.
  const guess = offsetMinutes(timeZone, wall);
  const offset = offsetMinutes(timeZone, wall - guess * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${date}T${time}:00${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
