import { api } from '@campus/contract/api';
import type { ImportKind } from '@campus/contract/roster-columns';
import type { ColumnMapping } from '@campus/contract/roster';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { multipart } from '../../../lib/forms';

/** One roster file sent: its kind, the file, and whether it is only previewed. */
export interface RosterSend {
  kind: ImportKind;
  file: File;
  dryRun: boolean;
  /** The file's columns as the roster's, when its header names them otherwise. */
  columns?: ColumnMapping;
}

/**
 * POST admin/imports (multipart: `kind`, `dryRun` and `columns` before `file`, as the server reads them),
 * reporting upload percent for the bar. A preview changes nothing; an application may change
 * any account, course or enrolment, so every query goes stale.
 */
export function useSendRoster(onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, file, dryRun, columns }: RosterSend) =>
      (await call(api.admin.createImport, { form: multipart({ kind, dryRun: String(dryRun), columns: columns && JSON.stringify(columns), file }), onProgress })).data.import,
    onSuccess: (result) => (result.status === 'applied' ? client.invalidateQueries() : undefined),
  });
}

/**
 * POST admin/imports/:importId/invite: an invitation to set a first password to every account
 * the applied import made that has none yet; answers how many went.
 */
export function useInviteImported(importId: string) {
  return useMutation({ mutationFn: async () => (await call(api.admin.inviteImport, { params: { importId } })).data.invited });
}
