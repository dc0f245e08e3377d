import { line } from './ics-text';

/**
 * The VTIMEZONE of the campus's zone (RFC 5545 §3.6.5), derived from the zone data Node carries
 * (Intl), for the years the feed's timed events fall in. A zone without changes in those years
 * (Asia/Kolkata, +0530 since 1945) is one STANDARD observance; a zone with daylight saving time
 * gets one observance per change, each with its exact onset, so every client computes the same
 * instants as the server without reading a rule. Written out change by change rather than as
 * RRULEs: rules differ between years and zones, and reading them back from Intl would be a guess.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in seconds (east positive). */
export function offsetAt(zone: string, ms: number): number {
  const at = Math.floor(ms / 1000) * 1000;
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return (wall - at) / 1000;
}

export interface Transition {
  /** The first instant (ms) of the new offset. */
  at: number;
  from: number;
  to: number;
}

const DAY = 86_400_000;

/**
 * Every change of the zone's offset in [start, end): found by a day-by-day walk (zones change at
 * most once a day), then pinned to the second by bisection.
 */
export function transitions(zone: string, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  let before = offsetAt(zone, start);
  for (let t = start; t < end; t += DAY) {
    const next = Math.min(t + DAY, end);
    const after = offsetAt(zone, next);
    if (after === before) continue;
    let lo = t;
    let hi = next;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (offsetAt(zone, mid) === before) lo = mid;
      else hi = mid;
    }
    found.push({ at: hi, from: before, to: after });
    before = after;
  }
  return found;
}

/** An offset as UTC-OFFSET (§3.3.14): `+0530`, `-0400`, seconds only when there are some. */
export function utcOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const abs = Math.abs(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hhmm = `${pad(Math.floor(abs / 3600))}${pad(Math.floor((abs % 3600) / 60))}`;
  return `${sign}${hhmm}${abs % 60 ? pad(abs % 60) : ''}`;
}

/** The wall-clock time `offset` seconds from UTC at an instant, as a local DATE-TIME: `20261101T020000`. */
const wallClock = (ms: number, offset: number) =>
  new Date(ms + offset * 1000).toISOString().replace(/\.\d{3}Z$/, '').replace(/[-:]/g, '');

const observance = (kind: 'STANDARD' | 'DAYLIGHT', dtstart: string, from: number, to: number) => [
  `BEGIN:${kind}`,
  line('DTSTART', dtstart),
  line('TZOFFSETFROM', utcOffset(from)),
  line('TZOFFSETTO', utcOffset(to)),
  `END:${kind}`,
];

/**
 * The VTIMEZONE for `zone` covering the years `fromYear` to `toYear`, as lines. A change to an
 * offset above the year's smaller one is DAYLIGHT, else STANDARD (the smaller offset of January
 * and July is standard time, in either hemisphere); clients compute times from the offsets, so
 * the rare zone that moved its standard time for good is still right to the second.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string[] {
  // From midnight on the zone's clock, 1 January of the first year, to the same after the last.
  const localNewYear = (year: number) => Date.UTC(year, 0, 1) - offsetAt(zone, Date.UTC(year, 0, 1)) * 1000;
  const start = localNewYear(fromYear);
  const end = localNewYear(toYear + 1);
  const changes = transitions(zone, start, end);
  const first = offsetAt(zone, start);
  const standardIn = (ms: number) => {
    const year = new Date(ms).getUTCFullYear();
    return Math.min(offsetAt(zone, Date.UTC(year, 0, 1)), offsetAt(zone, Date.UTC(year, 6, 1)));
  };
  const kindOf = (offset: number, ms: number) => (offset > standardIn(ms) ? 'DAYLIGHT' : 'STANDARD');
  // Before the first change (or for good, in a zone without any): the offset the years start with,
  // from 1970 when nothing changes, else from the first year's start.
  const opening = changes.length === 0 ? '19700101T000000' : wallClock(start, first);
  return [
    'BEGIN:VTIMEZONE',
    line('TZID', zone),
    ...observance(kindOf(first, start), opening, first, first),
    // Each onset is written in the wall-clock time before the change (§3.6.5: TZOFFSETFROM's).
    ...changes.flatMap((c) => observance(kindOf(c.to, c.at), wallClock(c.at, c.from), c.from, c.to)),
    'END:VTIMEZONE',
  ];
}
