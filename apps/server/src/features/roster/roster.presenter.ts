import type { ImportChange, ImportCounts, ImportError, RosterImport } from '@campus/contract';
import type { RosterImportRow } from './roster.service';

/** An import as the API shows it. */
export const presentImport = (row: RosterImportRow): RosterImport => ({
  _id: row.id,
  kind: row.kind as RosterImport['kind'],
  dryRun: row.dryRun,
  status: row.status as RosterImport['status'],
  counts: row.counts as ImportCounts,
  // Imports recorded before errors quoted their cell and changes carried values say none.
  errors: (row.errors as ImportError[]).map((e) => ({ ...e, value: e.value ?? null })),
  changes: (row.changes as ImportChange[]).map((c) => ({ ...c, values: c.values ?? {} })),
  createdAt: row.createdAt.toISOString(),
});
