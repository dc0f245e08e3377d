import type { ImportChange, ImportCounts, ImportError, RosterImport } from '@campus/contract';
import type { RosterImportRow } from './roster.service';

/** An import as the API shows it. */
export const presentImport = (row: RosterImportRow): RosterImport => ({
  _id: row.id,
  kind: row.kind as RosterImport['kind'],
  dryRun: row.dryRun,
  status: row.status as RosterImport['status'],
  counts: row.counts as ImportCounts,
  // Imports recorded before errors quoted their cell and changes carried values say none; before
  // errors carried codes, an error is `roster_problem`, its English kept as it was.
  errors: (row.errors as Partial<ImportError>[]).map(({ line, column, code, params, message, value }) => ({
    line: line!,
    column: column ?? null,
    ...(code ? { code, params: params ?? {} } : { code: 'roster_problem' as const, params: { detail: message! } }),
    message: message!,
    value: value ?? null,
  })),
  changes: (row.changes as ImportChange[]).map((c) => ({ ...c, values: c.values ?? {} })),
  createdAt: row.createdAt.toISOString(),
});
