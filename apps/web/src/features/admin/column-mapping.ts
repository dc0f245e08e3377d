import { ROSTER_COLUMNS, type ImportKind } from '@campus/contract/roster-columns';
import type { ColumnMapping } from '@campus/contract/roster';

/**
 * The registrar's own export, matched to the roster's columns in the browser: the file's header
 * row read here, each of its columns given a roster column (or none) by its name and common
 * synonyms, the registrar's choices remembered per kind of file, and the mapping the server
 * applies when it reads the file (POST /admin/imports, `columns`).
 */

/** A header cell compared loosely: case, spaces, dots, dashes and underscores do not count ("Reg. No." is "regno"). */
export const normalised = (name: string) => name.toLowerCase().replace(/[\s._\-/#:()]+/g, '');

/** What registrars' software calls each column, normalised; a column's own name always matches too. */
const SYNONYMS: Record<string, string[]> = {
  registrationId: ['regno', 'registrationno', 'registrationnumber', 'regnumber', 'rollno', 'rollnumber', 'enrollmentno', 'enrolmentno', 'enrollmentnumber', 'enrolmentnumber', 'enrollmentid', 'studentid', 'prn', 'regid', 'id'],
  email: ['emailid', 'emailaddress', 'mail', 'mailid', 'email'],
  fullname: ['name', 'studentname', 'fullname', 'nameofstudent', 'professorname', 'facultyname', 'candidatename'],
  role: ['type', 'usertype', 'category', 'designation'],
  semester: ['sem', 'semester', 'semno', 'currentsemester'],
  branch: ['dept', 'department', 'branch', 'programme', 'program', 'stream', 'discipline'],
  status: ['state', 'active', 'accountstatus'],
  coursenumber: ['courseno', 'coursecode', 'code', 'subjectcode', 'subjectno', 'coursenumber'],
  title: ['coursename', 'coursetitle', 'subject', 'subjectname', 'name'],
  description: ['about', 'details', 'summary', 'syllabus'],
  owner: ['professor', 'faculty', 'teacher', 'instructor', 'facultyid', 'professorid', 'ownerid'],
  examDate: ['exam', 'examday', 'dateofexam'],
  examStart: ['starttime', 'start', 'examstarttime', 'from'],
  examEnd: ['endtime', 'end', 'examendtime', 'to'],
  examCentre: ['centre', 'center', 'examcenter', 'venue', 'hall'],
};

/**
 * Each file column's roster column, proposed: one the registrar chose before for this very
 * header name (`remembered`) first, then an exact name, then a synonym; a roster column goes to
 * the first file column that claims it, and a column no rule matches is ignored (null).
 */
export function proposeMapping(kind: ImportKind, header: string[], remembered: ColumnMapping = {}): ColumnMapping {
  const columns: readonly string[] = ROSTER_COLUMNS[kind].columns;
  const taken = new Set<string>();
  const out: ColumnMapping = {};
  const claim = (cell: string, column: string | null | undefined) => {
    if (column === undefined || (column !== null && (taken.has(column) || !columns.includes(column)))) return false;
    out[cell] = column;
    if (column) taken.add(column);
    return true;
  };
  const cells = header.map((cell) => cell.trim()).filter((cell) => cell !== '');
  for (const cell of cells) claim(cell, Object.hasOwn(remembered, cell) ? remembered[cell] : undefined);
  for (const cell of cells) if (!(cell in out)) claim(cell, columns.find((c) => normalised(c) === normalised(cell)));
  for (const cell of cells) if (!(cell in out)) claim(cell, columns.find((c) => SYNONYMS[c]?.includes(normalised(cell))));
  for (const cell of cells) if (!(cell in out)) out[cell] = null;
  return out;
}

/** True when the mapping only says what the server reads by itself: every column named as the roster names it. */
export const needsNoMapping = (mapping: ColumnMapping) => Object.entries(mapping).every(([cell, column]) => column !== null && cell.toLowerCase() === column.toLowerCase());

/**
 * The header row of a CSV file's text: the first record, its quoted cells with commas and
 * doubled quotes read as the server reads them, the byte order mark dropped.
 */
export function headerOf(text: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (cells.length > 0 || cell.trim() !== '') break;
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

/** Reads the header row of `file`: its first 64 KB hold it, whatever the file's size. */
export async function readHeader(file: Blob): Promise<string[]> {
  return headerOf(await file.slice(0, 64 * 1024).text());
}

const STORE = (kind: ImportKind) => `campus.roster-columns.${kind}`;

/** The mapping the registrar chose for this kind of file last time, by header name (none when storage is off). */
export function rememberedMapping(kind: ImportKind): ColumnMapping {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(STORE(kind)) ?? '{}');
    return kept !== null && typeof kept === 'object' && !Array.isArray(kept) ? (kept as ColumnMapping) : {};
  } catch {
    return {};
  }
}

/** Keeps the registrar's choices for this kind, added to those of other headers they used before. */
export function rememberMapping(kind: ImportKind, mapping: ColumnMapping): void {
  try {
    localStorage.setItem(STORE(kind), JSON.stringify({ ...rememberedMapping(kind), ...mapping }));
  } catch {
    // Storage full or switched off: the proposal still comes from the names.
  }
}
