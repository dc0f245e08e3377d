import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamptz as the text Date.prototype.toISOString writes (`2026-11-23T10:00:00.000Z`), made
 * by PostgreSQL: a large listing's rows then skip a Date parse and a format each.
 */
export const isoText = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
