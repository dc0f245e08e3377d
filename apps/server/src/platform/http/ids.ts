import { notFound } from '../errors/app-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/**
 * A path id, or a 404 naming what was not found. Ids are opaque UUIDs: anything else cannot
 * name a row, so it is "not found" like an unknown id, never a database error.
 */
export function existingId(value: string, what: string): string {
  if (!isUuid(value)) throw notFound(`${what} not found`);
  return value;
}
