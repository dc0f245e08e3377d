import { randomUUID } from 'node:crypto';
import { IMPORT_LIST_MAX, ROSTER_KINDS, type ColumnMapping, type ImportAction, type ImportChange, type ImportCounts, type ImportError, type ImportKind } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import { rosterImports } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import { refusalOfIssue } from '../../platform/errors/validation';
import { isUuid } from '../../platform/http/ids';
import { announce, everythingStale } from '../../platform/realtime/bus';
import { userChanged } from '../../platform/auth/sessions';
import type { AuditBy } from '../audit';
import { importError, keptValue, withCell } from './cell-quote';
import { coursesKind } from './courses.kind';
import { csvRows } from './csv-rows';
import { enrolmentsKind } from './enrolments.kind';
import { rowsOf, type RosterDeps, type RosterKind } from './roster-kind';
import { usersKind } from './users.kind';

const KINDS: { [K in ImportKind]: RosterKind<K> } = { users: usersKind, courses: coursesKind, enrolments: enrolmentsKind };

/** Rows go to the staging table this many at a time: one INSERT each, and no more held in memory. */
const STAGE_BATCH = 1000;

export type RosterImportRow = typeof rosterImports.$inferSelect;

/** The first IMPORT_LIST_MAX errors, by line, and how many there were in all. */
class ErrorList {
  private readonly kept: ImportError[] = [];
  count = 0;

  add = (error: ImportError): void => {
    this.count += 1;
    this.kept.push(error);
    // Sorted and cut now and then, so a file of nothing but errors holds a bounded list.
    if (this.kept.length >= 2 * IMPORT_LIST_MAX) this.trim();
  };

  list(): ImportError[] {
    this.trim();
    return this.kept;
  }

  private trim(): void {
    this.kept.sort((a, b) => a.line - b.line);
    this.kept.length = Math.min(this.kept.length, IMPORT_LIST_MAX);
  }
}

/**
 * What the rows would do: each action's count, and the first rows' actions, by line. A row that
 * names what does not exist (a course, an owner) has no action: its error says why.
 */
async function outcome(db: Db, kind: ImportKind, importId: string): Promise<{ counts: Omit<ImportCounts, 'rows' | 'errors'>; changes: ImportChange[] }> {
  const { table } = KINDS[kind];
  const [tally] = rowsOf<Record<'created' | 'updated' | 'unchanged' | 'removed', number>>(
    await db.execute(sql`
      select count(*) filter (where action = 'create')::int as created, count(*) filter (where action = 'update')::int as updated,
        count(*) filter (where action = 'unchanged')::int as unchanged, count(*) filter (where action = 'remove')::int as removed
      from ${table} where import_id = ${importId}`),
  );
  const values = KINDS[kind].values?.(importId) ?? sql`select null::int as line, null::jsonb as values, null::jsonb as before where false`;
  const listed = rowsOf<{ line: number; action: ImportAction; key: string; fields: string[]; values: ImportChange['values']; before: ImportChange['before'] | null }>(
    await db.execute(sql`
      with listed as (
        select line, action, ${sql.raw(KEY_COLUMNS[kind])} as key, coalesce(fields, array[]::text[]) as fields
        from ${table} where import_id = ${importId} and action is not null order by line limit ${IMPORT_LIST_MAX}
      )
      select l.line, l.action, l.key, l.fields, coalesce(v.values, '{}'::jsonb) as values, v.before
      from listed l left join (${values}) v on v.line = l.line
      order by l.line`),
  );
  const changes = listed.map(({ before, ...change }) => (before ? { ...change, before } : change));
  return { counts: tally ?? { created: 0, updated: 0, unchanged: 0, removed: 0 }, changes };
}

/** How a row names what it is about, in the list of changes. */
const KEY_COLUMNS: Record<ImportKind, string> = {
  users: 'registration_id::text',
  courses: 'coursenumber::text',
  enrolments: `coursenumber::text || ' ' || registration_id::text`,
};

/** One import, whoever may read it; 404 for an id that names none. */
export async function importOr404(db: Db, importId: string): Promise<RosterImportRow> {
  const [row] = isUuid(importId) ? await db.select().from(rosterImports).where(eq(rosterImports.id, importId)).limit(1) : [];
  if (!row) throw refuse('not_found');
  return row;
}

export interface ImportRequest {
  kind: ImportKind;
  dryRun: boolean;
  /** The file's columns as the kind's (importBody's `columns`), when the header names them otherwise. */
  columns?: ColumnMapping;
  /** The CSV's bytes, as they arrive. */
  file: AsyncIterable<Buffer>;
}

/**
 * Reads a roster file as it streams in and previews it, or applies it when asked and nothing is
 * wrong. Each row is checked against the contract's rules for its kind and staged; then the
 * kind's set-based checks and comparison run over the staged rows. A dry run records the
 * preview; an application, in one transaction (one application at a time: a transaction-level
 * lock), compares again and makes every change or none. Either way the staged rows go, and the
 * import is kept to be read again.
 */
export async function runImport(deps: RosterDeps, by: AuditBy, request: ImportRequest): Promise<RosterImportRow> {
  const { db } = deps;
  const kind = KINDS[request.kind] as RosterKind<ImportKind>;
  const spec = ROSTER_KINDS[request.kind];
  const importId = randomUUID();
  const errors = new ErrorList();
  let rows = 0;
  try {
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (batch.length > 0) await db.insert(kind.table).values(batch as never[]);
      batch = [];
    };
    for await (const { line, cells } of csvRows(request.file, spec, errors.add, request.columns)) {
      rows += 1;
      const parsed = spec.row.safeParse(cells);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const column = issue.path[0] === undefined ? null : String(issue.path[0]);
          const cell = column === null ? undefined : cells[column];
          const why = refusalOfIssue(issue);
          errors.add(cell === undefined ? importError(line, column, why, null, issue.message) : importError(line, column, why, keptValue(cell), withCell(issue.message, column!, cell)));
        }
        continue;
      }
      batch.push(kind.stage(importId, line, parsed.data as never));
      if (batch.length >= STAGE_BATCH) await flush();
    }
    await flush();
    // Over the rows that passed their own rules: the preview shows every kind of error at once.
    (await kind.check(db, importId, deps)).forEach(errors.add);
    const apply = !request.dryRun && errors.count === 0;
    const record = async (tx: Db, status: RosterImportRow['status']) => {
      await kind.compare(tx, importId);
      const { counts, changes } = await outcome(tx, request.kind, importId);
      const [row] = await tx
        .insert(rosterImports)
        .values({
          id: importId,
          kind: request.kind,
          dryRun: request.dryRun,
          status,
          counts: { rows, ...counts, errors: errors.count },
          errors: errors.list(),
          changes,
          createdBy: by.actorId,
        })
        .returning();
      return row!;
    };
    if (!apply) return await record(db, request.dryRun ? 'previewed' : 'refused');
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('campus-roster'))`);
      const row = await record(tx, 'applied');
      const { deactivated } = await kind.apply(tx, { importId, ip: by.ip }, deps);
      // Delivered at commit: every instance reads accounts and course pages again, and the
      // streams of switched-off accounts close.
      await announce(tx, everythingStale, {});
      for (const user of deactivated) await announce(tx, userChanged, { user });
      return row;
    });
  } finally {
    await db.delete(kind.table).where(eq(kind.table.importId, importId));
  }
}
