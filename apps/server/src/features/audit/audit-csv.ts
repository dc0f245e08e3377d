import type { ListedEntry } from './audit.queries';
import { csvRow } from '../../platform/http/csv';
import { presentEntry } from './audit.presenter';

/** The export's columns, as its header row names them. */
export const AUDIT_CSV_HEADER = ['at', 'action', 'actor', 'actor registration id', 'target', 'target registration id', 'details', 'ip'];

/** An entry as a CSV row: its people by name and registration id (blank for the system), its details as JSON. */
export function auditCsvRow(listed: ListedEntry): string {
  const e = presentEntry(listed);
  return csvRow([e.at, e.action, e.actor?.fullname ?? '', e.actor ? String(e.actor.registrationId) : '', e.target.fullname, String(e.target.registrationId), JSON.stringify(e.details), e.ip ?? '']);
}
