import type { RefusalCode } from '@campus/contract';
import { refuse } from '../errors/app-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/** The not-found refusals a path id can give: one per kind of thing a path names. */
type NotFoundCode = Exclude<Extract<RefusalCode, `${string}_not_found`>, 'route_not_found'>;

/**
 * A path id, or the 404 of what it names (`existingId(id, 'course_not_found')`). Ids are opaque
 * UUIDs: anything else cannot name a row, so it is "not found" like an unknown id, never a
 * database error.
 */
export function existingId(value: string, notFound: NotFoundCode): string {
  if (!isUuid(value)) throw refuse(notFound);
  return value;
}
