import { IMPORT_VALUE_MAX, fieldLabel, type ImportError, type Refusal } from '@campus/contract';

/** The most characters of a cell an error's message quotes; the error's `value` keeps up to IMPORT_VALUE_MAX. */
const QUOTED_MAX = 40;

/**
 * A cell's text as a message quotes it: on one line (control characters, line breaks among them,
 * made spaces), cut to QUOTED_MAX characters (whole characters: a Devanagari name is not split
 * inside a surrogate pair), in double quotes.
 */
export function quoted(cell: string): string {
  const line = cell.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
  const chars = [...line];
  return `"${chars.length > QUOTED_MAX ? `${chars.slice(0, QUOTED_MAX - 1).join('')}…` : line}"`;
}

/** The cell as an error keeps it (`value`): cut to IMPORT_VALUE_MAX characters. */
export const keptValue = (cell: string): string => [...cell].slice(0, IMPORT_VALUE_MAX).join('');

/**
 * One problem of an import, as the catalogue's refusal `r` (the web app words it from its code
 * and params) and in English: `message`, the refusal's own unless told (a quoted cell).
 */
export const importError = (line: number, column: string | null, r: Refusal, value: string | null = null, message = r.message): ImportError => ({
  line,
  column,
  code: r.code,
  // The wire's lists are plain arrays; the catalogue's params are read-only ones.
  params: r.params as ImportError['params'],
  message,
  value,
});

/**
 * A row rule's message with the offending cell quoted in it, so the registrar sees what the file
 * says: `Semester must be between 1 and 8` becomes `Semester "III" must be between 1 and 8`. A
 * message that does not begin with the column's label gets the quote after it; an empty cell is
 * quoted by no one (the message says it is required).
 */
export function withCell(message: string, column: string, cell: string): string {
  if (cell.trim() === '') return message;
  const label = fieldLabel(column);
  return message.startsWith(label) ? `${label} ${quoted(cell)}${message.slice(label.length)}` : `${message} (the cell says ${quoted(cell)})`;
}
