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

/**
 * SQLSTATE class 22, data exception: a value the database cannot take (invalid text for a type
 * 22P02, out of range 22003, too long 22001, an invalid or overflowing date 22007/22008, a NUL
 * 22021…). That is a client's value, so a 400; the validation that should have refused it first
 * has a gap, which the error handler logs.
 */
export function isInvalidInputError(err: unknown): boolean {
  return pgError(err)?.code?.startsWith('22') ?? false;
}
