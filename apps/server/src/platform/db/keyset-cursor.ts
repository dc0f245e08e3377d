import { isCalendarDate } from '@campus/contract';
import { refuse } from '../errors/app-error';
import { isUuid } from '../http/ids';

/**
 * The cursor of a listing paged newest first by (a timestamptz, an id): the last row's sort key
 * exactly as PostgreSQL printed it (microseconds kept, so no row is skipped or repeated), opaque
 * to clients (base64url of JSON). The course listings and a course's stream page this way.
 */
export interface KeysetCursor {
  /** The sort key as `::text` printed it. */
  at: string;
  id: string;
}

export const encodeCursor = (c: KeysetCursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

/**
 * A timestamptz as `::text` prints it (DateStyle ISO, both drivers): `2024-05-01 12:34:56.123456+00`,
 * the fraction without trailing zeros (none when whole), the offset of the session's time zone
 * (`+05:30`, `-03`). A cursor holds only that: anything else (`2024`, `tomorrow`, a 25th hour)
 * would reach `::timestamptz` and fail there, or be read as something the listing never wrote.
 */
const PRINTED_TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d)?$/;

const isPrintedTimestamp = (value: string) => {
  const day = PRINTED_TIMESTAMPTZ.exec(value)?.[1];
  return day !== undefined && isCalendarDate(day);
};

/** Exactly what encodeCursor writes, or a 400: a cursor is opaque, a changed one is not valid. */
export function decodeCursor(value: string): KeysetCursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (Array.isArray(decoded) && decoded.length === 2) {
    const [at, id] = decoded as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && isPrintedTimestamp(at) && isUuid(id)) return { at, id };
  }
  throw refuse('cursor_invalid', { field: 'cursor' });
}
