/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return: OWASP's CSV
 * injection list) gets a leading apostrophe, so a name or a title someone typed cannot become a
 * formula in the spreadsheet of whoever opens the file (the audit export, the gradebook).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A row of cells, each written by `csvCell`, ending in CRLF. */
export const csvRow = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;
