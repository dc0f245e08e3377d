import { api } from '@campus/contract/api';
import type { ImportKind } from '@campus/contract/roster-columns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { multipart } from '../../../lib/forms';

/** One roster file sent: its kind, the file, and whether it is only previewed. */
export interface RosterSend {
  kind: ImportKind;
  file: File;
  dryRun: boolean;
}

/**
 * POST admin/imports (multipart: `kind` and `dryRun` before `file`, as the server reads them),
 * reporting upload percent for the bar. A preview changes nothing; an application may change
 * any account, course or enrolment, so every query goes stale.
 */
export function useSendRoster(onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, file, dryRun }: RosterSend) =>
      (await call(api.admin.createImport, { form: multipart({ kind, dryRun: String(dryRun), file }), onProgress })).data.import,
    onSuccess: (result) => (result.status === 'applied' ? client.invalidateQueries() : undefined),
  });
}
