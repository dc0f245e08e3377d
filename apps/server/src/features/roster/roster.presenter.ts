import type { ImportChange, ImportCounts, ImportError, RosterImport } from '@campus/contract';
import type { RosterImportRow } from './roster.service';

/** An import as the API shows it. */
export const presentImport = (row: RosterImportRow): RosterImport => ({
  _id: row.id,
  kind: row.kind as RosterImport['kind'],
  dryRun: row.dryRun,
  status: row.status as RosterImport['status'],
  counts: row.counts as ImportCounts,
  errors: row.errors as ImportError[],
  changes: row.changes as ImportChange[],
  createdAt: row.createdAt.toISOString(),
});
