import type { ListedEntry } from './audit.queries';
import { presentEntry } from './audit.presenter';

/** The export's columns, as its header row names them. */
export const AUDIT_CSV_HEADER = ['at', 'action', 'actor', 'actor registration id', 'target', 'target registration id', 'details', 'ip'];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return: OWASP's CSV
 * injection list) gets a leading apostrophe, so a name or a detail someone typed cannot become a
 * formula in the administrator's spreadsheet.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** An entry as a CSV row: its people by name and registration id (blank for the system), its details as JSON. */
export function auditCsvRow(listed: ListedEntry): string {
  const e = presentEntry(listed);
  return csvRow([e.at, e.action, e.actor?.fullname ?? '', e.actor ? String(e.actor.registrationId) : '', e.target.fullname, String(e.target.registrationId), JSON.stringify(e.details), e.ip ?? '']);
}
