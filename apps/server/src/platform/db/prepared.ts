import type { Db } from './database';

/**
 * Prepared statements per database, built on first use, one per `key` (a query with a few
 * variants, e.g. which filters a listing has, has one statement per variant). Drizzle builds a
 * query's SQL text on every call, which was a fifth of the CPU of a small authenticated read, and
 * PostgreSQL plans it every time (a course listing: 1.2 ms); prepared once, a call only binds its
 * values (sql.placeholder) and the server reuses the parsed statement on each connection.
 */
export function preparedPerKey<P>(build: (db: Db, key: string) => P): (db: Db, key: string) => P {
  const byDb = new WeakMap<Db, Map<string, P>>();
  return (db, key) => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map()));
    let statement = statements.get(key);
    if (statement === undefined) {
      statement = build(db, key);
      statements.set(key, statement);
    }
    return statement;
  };
}

/** The same, for a query with one form. */
export function prepared<P>(build: (db: Db) => P): (db: Db) => P {
  const one = preparedPerKey(build);
  return (db) => one(db, '');
}
