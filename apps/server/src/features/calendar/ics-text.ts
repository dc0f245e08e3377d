/**
 * The text of an iCalendar file (RFC 5545 §3.1–3.3): content lines folded at 75 octets, TEXT
 * values escaped, dates and times in its basic formats. Small enough to write here rather than
 * take a library for.
 */

/** Lines end in CRLF (§3.1), the last one too. */
export const CRLF = '\r\n';

/** §3.1: a line is at most 75 octets, the line break excluded; a longer one continues on lines that start with a space. */
const MAX_OCTETS = 75;

/**
 * One content line folded at 75 octets of UTF-8, never inside a character: a folded line
 * continues after CRLF and one space, which counts towards that line's 75.
 */
export function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let start = 0;
  let room = MAX_OCTETS;
  while (start < bytes.length) {
    let end = Math.min(start + room, bytes.length);
    // Back off a UTF-8 continuation byte (10xxxxxx): the cut goes before its character.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    room = MAX_OCTETS - 1;
  }
  return parts.join(`${CRLF} `);
}

/**
 * A TEXT value (§3.3.11): backslash, semicolon and comma escaped, every line break as `\n`.
 * Other control characters are not allowed in TEXT; the API refuses them on input, and any that
 * reached the database anyway are dropped rather than breaking the file.
 */
export function text(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** `NAME;PARAM=…:value` as a folded line; `value` is already in its type's form (escape TEXT with `text`). */
export function line(name: string, value: string, params: Record<string, string> = {}): string {
  const head = [name, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)].join(';');
  return fold(`${head}:${value}`);
}

/** An instant in UTC (§3.3.5 form 2): `20260512T130000Z`. */
export function utcDateTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** A calendar day `YYYY-MM-DD` as a DATE (§3.3.4): `20260512`. */
export const date = (day: string): string => day.replace(/-/g, '');

/** A wall-clock time on a day (§3.3.5 form 3, with TZID): `2026-05-12` and `18:30[:00]` → `20260512T183000`. */
export function localDateTime(day: string, time: string): string {
  const [h = '00', m = '00', s = '00'] = time.split(':');
  return `${date(day)}T${h}${m}${s.slice(0, 2)}`;
}

/** The calendar day `days` after `day` (`YYYY-MM-DD`; negative: before), counted at UTC midnight so no zone moves it. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
