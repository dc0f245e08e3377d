import { REFUSAL_CATALOGUE, refusal, type ImportError, type ImportKind, type RefusalCode, type RefusalParams, type RosterRow } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { rosterCourseRows, rosterEnrolmentRows, rosterUserRows } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { importError } from './cell-quote';
import type { Notify } from '../notifications';

/** Where a kind's rows wait while their import runs. */
export type StagingTable = typeof rosterUserRows | typeof rosterCourseRows | typeof rosterEnrolmentRows;

/** What applying an import needs to know of the portal: the rules a row must keep, and who is told. */
export interface RosterDeps {
  db: Db;
  notify: Notify;
  /** Today on the campus's calendar (YYYY-MM-DD): a new or moved exam date may not be before it. */
  today: () => string;
  /** The exam office's registration id: nobody else may have it (the setup makes that account). */
  reservedRegistrationId: number;
}

/** The import being applied: its id, and the client address of the request (for the audit trail). */
export interface Applying {
  importId: string;
  ip: string | null;
}

/** What applying changed that the caller must tell every instance of, after the commit. */
export interface Applied {
  /** Accounts switched off: their sessions are gone, and their open streams must close. */
  deactivated: string[];
}

/**
 * One kind of roster file (users, courses, enrolments). Its rows are staged in its own table
 * (`stage`); then three set-based steps, each a few statements whatever the file's size:
 * `check` finds what no single row shows (a key twice, an owner who is no professor, an email
 * another account has), `compare` writes each row's action and changed columns into the staging
 * table, and `apply` makes those changes, with their audit entries and notifications, in the
 * caller's transaction.
 */
export interface RosterKind<K extends ImportKind> {
  table: StagingTable;
  stage(importId: string, line: number, row: RosterRow<K>): Record<string, unknown>;
  check(db: Db, importId: string, deps: RosterDeps): Promise<ImportError[]>;
  compare(db: Db, importId: string): Promise<void>;
  apply(tx: Db, applying: Applying, deps: RosterDeps): Promise<Applied>;
  /**
   * The values of each staged row's change, as the preview lists them (ImportChange's `values`
   * and `before`): a SELECT of `line`, `values` (jsonb) and `before` (jsonb or null) over the
   * staged rows, run after `compare` and before `apply`. A kind without it lists no values.
   */
  values?(importId: string): SQL;
}

type Rows<T> = { rows: T[] };
export const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/**
 * The errors a check statement found, in the shape an import lists them. A statement selects each
 * error's line, column, refusal `code` and `params` (jsonb, or null for none); the English is the
 * catalogue's, which names the value it is about itself ("Course number 101 is also on line 3"),
 * so no `value` is asked of it. The refusal concerns the column, unless its code always concerns
 * one field of its own (the exam office's rule, on the role column).
 */
export async function errorsOf(db: Db, query: SQL): Promise<ImportError[]> {
  return rowsOf<{ line: number; column: string; code: RefusalCode; params: RefusalParams | null }>(await db.execute(query)).map((e) => {
    const field = (REFUSAL_CATALOGUE[e.code] as { field?: string }).field ?? e.column;
    // The statement chose the code and its params: the catalogue's types cannot follow them into SQL.
    return importError(e.line, e.column, refusal(e.code, { field, params: e.params ?? {} } as never));
  });
}

/** The staged rows of one import, as a subquery. */
export const stagedRows = (table: StagingTable, importId: string) => sql`(select * from ${table} where import_id = ${importId})`;

/** The `import` of an audit entry: which import, of what kind, did what to its target. */
export const importOf = (importId: string, kind: ImportKind, action: 'create' | 'update' | 'remove') =>
  sql`jsonb_build_object('_id', ${importId}::text, 'kind', ${kind}::text, 'action', ${action}::text)`;

/**
 * An audit entry's `{from, to}` for a field the row changes, or null (dropped from `changes` by
 * jsonb_strip_nulls). `before` and `after` are SQL expressions written in this feature, never input.
 */
export const fieldChange = (before: string, after: string) =>
  sql.raw(`case when ${before} is distinct from ${after} then jsonb_build_object('from', ${before}, 'to', ${after}) end`);

/**
 * Writes each staged row's action and the columns it changes: `create`, with the columns a new
 * row sets (`created`), when `existing` (the portal's row, joined in `from` as `s` with the
 * staged rows) is null; else `update` with the names `changed` gives (each null when its column
 * does not change), or `unchanged`.
 */
export async function compareRows(db: Db, table: StagingTable, importId: string, rows: { from: SQL; existing: string; created: SQL; changed: SQL[] }): Promise<void> {
  const missing = sql.raw(`${rows.existing} is null`);
  await db.execute(sql`
    update ${table} as r set action = d.action, fields = d.fields
    from (
      select s.line,
        case when ${missing} then 'create' when cardinality(f.fields) > 0 then 'update' else 'unchanged' end as action,
        case when ${missing} then ${rows.created} else f.fields end as fields
      from ${rows.from}
      cross join lateral (select array_remove(array[${sql.join(rows.changed, sql`, `)}], null) as fields) f
    ) d
    where r.import_id = ${importId} and r.line = d.line`);
}
