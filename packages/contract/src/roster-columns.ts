/**
 * The registrar's roster as plain data, no zod: the kinds of file, each kind's columns in the
 * order its template writes them (the key first) and the columns a file may leave out, and the
 * import's statuses and actions. The web app builds its templates and its help from these
 * without loading a schema; roster.ts adds each kind's row rules to the same columns, so the
 * two cannot drift (roster-columns.test.ts).
 */

export const IMPORT_KINDS = ['users', 'courses', 'enrolments'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The most errors and changes an import lists (its counts cover every row). */
export const IMPORT_LIST_MAX = 1000;

/** The most characters of a cell an error quotes back (`value`): a pasted essay is cut. */
export const IMPORT_VALUE_MAX = 200;

export const IMPORT_STATUSES = ['previewed', 'applied', 'refused'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'remove'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/**
 * Each kind's columns, in template order. A column that is not `optional` must be in the
 * header; any other column is refused, so a typo cannot be silently ignored.
 */
export const ROSTER_COLUMNS = {
  users: {
    columns: ['registrationId', 'email', 'fullname', 'role', 'semester', 'branch', 'status'],
    // A file of professors may have no semester or branch (a student's row still needs both).
    optional: ['semester', 'branch', 'status'],
  },
  courses: {
    columns: ['coursenumber', 'title', 'description', 'semester', 'branch', 'owner', 'examDate', 'examStart', 'examEnd', 'examCentre'],
    optional: ['examDate', 'examStart', 'examEnd', 'examCentre'],
  },
  enrolments: {
    columns: ['coursenumber', 'registrationId', 'status'],
    optional: [],
  },
} as const satisfies Record<ImportKind, { columns: readonly string[]; optional: readonly string[] }>;

/** A column of one kind's file, as its header names it. */
export type RosterColumn<K extends ImportKind> = (typeof ROSTER_COLUMNS)[K]['columns'][number];
