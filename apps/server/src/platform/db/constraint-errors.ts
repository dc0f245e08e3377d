/**
 * Drizzle wraps driver errors: the PostgreSQL error (code, constraint) is on `err.cause`
 * for both node-postgres and PGlite. These helpers look at both levels.
 */
interface PgErrorLike {
  code?: string;
  constraint?: string;
}

function pgError(err: unknown): PgErrorLike | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as PgErrorLike & { cause?: unknown };
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  if (typeof e.cause === 'object' && e.cause !== null) return pgError(e.cause);
  return undefined;
}

/** The constraint name of a unique violation (23505), or undefined if err is something else. */
export function uniqueViolation(err: unknown): string | undefined {
  const pg = pgError(err);
  return pg?.code === '23505' ? (pg.constraint ?? '') : undefined;
}

/** Invalid text for a column type (22P02) or out of range (22003): bad input, not a bug. */
export function isInvalidInputError(err: unknown): boolean {
  const code = pgError(err)?.code;
  return code === '22P02' || code === '22003' || code === '22001';
}
