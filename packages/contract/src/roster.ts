/**
 * The registrar's roster (docs/product.md#the-registrars-roster): CSV files of users, courses or
 * enrolments that an administrator previews, then applies. The columns, the row rules and the
 * import's JSON are written here once: the server checks each row with these schemas, and the
 * web app builds its templates and its preview from the same words.
 */
import { z } from 'zod';
import { REFUSAL_CODES, refusalIssue, refusalMessage as says, type RefusalCode } from './refusals';
import { endpoint } from './endpoint';
import { API_PREFIX } from './prefix';
import { branchField, calendarDateField, emailField, fullnameField, idNumberField, registrationIdField, requiredLine, requiredText, semesterField, textField } from './fields';
import { COURSE_DESCRIPTION_MAX, COURSE_TITLE_MAX, coursenumberField, examCentreField, examTimeField, examTimesAgree } from './courses';
import { IMPORT_ACTIONS, IMPORT_KINDS, IMPORT_STATUSES, ROSTER_COLUMNS } from './roster-columns';
import type { ImportKind } from './roster-columns';

// The plain data lives in roster-columns.ts (zod-free, for the browser); this module adds the rules.
export { IMPORT_ACTIONS, IMPORT_KINDS, IMPORT_LIST_MAX, IMPORT_STATUSES, IMPORT_VALUE_MAX, ROSTER_COLUMNS } from './roster-columns';
export type { ImportAction, ImportKind, ImportStatus, RosterColumn } from './roster-columns';

/** A cell's words, with the column's own name (the CSV's header) in every message. */
const oneOf = <const T extends readonly [string, ...string[]]>(column: string, values: T) =>
  textField(column)
    .trim()
    .toLowerCase()
    .pipe(z.enum(values, { error: says('choice_invalid', { field: column, params: { choices: values } }) }));

/** An optional cell: empty means "not given". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * Each kind's columns (ROSTER_COLUMNS: in the order its template writes them, the key first, and
 * which may be left out) and the schema of one row (a record of the row's cells by column name).
 */
export const ROSTER_KINDS = {
  users: {
    ...ROSTER_COLUMNS.users,
    row: z.object({
      registrationId: registrationIdField,
      email: emailField,
      fullname: fullnameField,
      role: oneOf('role', ['student', 'professor']),
      // A professor needs neither (the users table allows none); a student needs both.
      semester: optional(semesterField),
      branch: optional(branchField),
      status: optional(oneOf('status', ['active', 'inactive'])),
    }).superRefine((row, ctx) => {
      if (row.role !== 'student') return;
      for (const column of ['semester', 'branch'] as const) {
        if (row[column] === undefined) ctx.addIssue({ code: 'custom', path: [column], message: says('required_for_student', { field: column }) });
      }
    }),
  },
  courses: {
    ...ROSTER_COLUMNS.courses,
    row: z.object({
      coursenumber: coursenumberField,
      title: requiredLine('title', COURSE_TITLE_MAX),
      description: requiredText('description', COURSE_DESCRIPTION_MAX),
      semester: semesterField,
      branch: branchField,
      // The professor's registration id.
      owner: idNumberField('owner'),
      examDate: optional(calendarDateField('examDate')),
      // Empty cells leave the course's own as they are, as an empty exam date does.
      examStart: optional(examTimeField('examStart')),
      examEnd: optional(examTimeField('examEnd')),
      examCentre: optional(examCentreField),
    }).superRefine(examTimesAgree),
  },
  enrolments: {
    ...ROSTER_COLUMNS.enrolments,
    row: z.object({
      coursenumber: coursenumberField,
      registrationId: registrationIdField,
      status: oneOf('status', ['active', 'removed']),
    }),
  },
} as const;

/** One row of a kind as the server reads it, checked and normalised. */
export type RosterRow<K extends ImportKind> = z.output<(typeof ROSTER_KINDS)[K]['row']>;

/** The most columns a mapping may name: far more than any registrar's export has. */
export const COLUMN_MAPPING_MAX = 100;

const COLUMNS_INVALID = says('columns_invalid');

/**
 * The `columns` field: the file's own header names, each mapped to a column of the kind (or null:
 * the column is ignored), as JSON. Which roster columns exist depends on the kind: `importBody`
 * checks that.
 */
const columnMappingField = textField('columns').transform((text, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const entries = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : undefined;
  if (!entries || entries.length > COLUMN_MAPPING_MAX || entries.some(([from, to]) => from.trim() === '' || (to !== null && typeof to !== 'string'))) {
    ctx.addIssue({ code: 'custom', message: COLUMNS_INVALID });
    return z.NEVER;
  }
  return Object.fromEntries(entries.map(([from, to]) => [from.trim(), to as string | null]));
});

/** POST /admin/imports: the text fields of the multipart body (the CSV travels beside them as `file`). */
export const importBody = z
  .object({
    kind: z.enum(IMPORT_KINDS, { error: says('choice_invalid', { field: 'kind', params: { choices: IMPORT_KINDS } }) }),
    dryRun: z
      .enum(['true', 'false'], { error: says('not_boolean', { field: 'dryRun' }) })
      .default('true')
      .transform((v) => v === 'true'),
    /** The file's columns as the kind's, when the header names them otherwise ("Reg. No." → registrationId). */
    columns: columnMappingField.optional(),
  })
  .superRefine(({ kind, columns }, ctx) => {
    if (!columns) return;
    const known: readonly string[] = ROSTER_COLUMNS[kind].columns;
    const from = new Map<string, string>();
    for (const [fileColumn, rosterColumn] of Object.entries(columns)) {
      if (rosterColumn === null) continue;
      if (!known.includes(rosterColumn)) {
        ctx.addIssue(refusalIssue('column_unknown', { params: { column: rosterColumn.slice(0, 40), kind, known } }));
      } else if (from.has(rosterColumn)) {
        ctx.addIssue(refusalIssue('column_mapped_twice', { params: { column: rosterColumn, from: [from.get(rosterColumn)!, fileColumn] } }));
      }
      from.set(rosterColumn, fileColumn);
    }
  });
export type ImportBody = z.infer<typeof importBody>;
/** A file column to a roster column, or null: the column is ignored. */
export type ColumnMapping = Record<string, string | null>;

/**
 * A row that cannot be taken: its line (the header is line 1), its column (null for the whole
 * row), why, and the text of the cell concerned (null when the error is about no one cell), cut
 * to IMPORT_VALUE_MAX characters. `code` and `params` say why as a refusal of the catalogue
 * (refusals.ts), for the web app to word; `message` says it in English, with the cell quoted.
 */
export const importErrorSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  code: z.enum(REFUSAL_CODES as [RefusalCode, ...RefusalCode[]]),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
  message: z.string(),
  value: z.string().nullable(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** A value in a change: as the file says it, after the row's rules (a number, a word, none). */
const changeValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ImportChangeValue = z.infer<typeof changeValue>;

/**
 * What a row does: its key (registration id or course number, or both for an enrolment), the
 * columns it changes, and their values: for a create or a removal, the row's values; for an
 * update, the new value of each changed column in `values` and the old one in `before`. A value
 * absent from `values` where `fields` names it is none (a professor's semester cleared, say).
 */
export const importChangeSchema = z.object({
  line: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  key: z.string(),
  fields: z.array(z.string()),
  values: z.record(z.string(), changeValue),
  before: z.record(z.string(), changeValue).optional(),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

export const importCountsSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  errors: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const rosterImportSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(IMPORT_KINDS),
    dryRun: z.boolean(),
    status: z.enum(IMPORT_STATUSES),
    counts: importCountsSchema,
    /** The first IMPORT_LIST_MAX errors, by line. */
    errors: z.array(importErrorSchema),
    /** The first IMPORT_LIST_MAX rows' changes, by line. */
    changes: z.array(importChangeSchema),
    createdAt: z.string(),
  })
  .meta({ id: 'RosterImport' });
export type RosterImport = z.infer<typeof rosterImportSchema>;

const importEnvelope = z.object({ import: rosterImportSchema });

const A = `${API_PREFIX}/admin`;

/** The roster's endpoints, among the administration's (admin.ts): for accounts with isAdmin only. */
export const rosterApi = {
  createImport: endpoint({
    method: 'POST',
    path: `${A}/imports`,
    summary: 'Preview (dryRun, the default) or apply a roster CSV of users, courses or enrolments; any error applies nothing',
    multipart: { fields: importBody, file: { field: 'file', kind: 'roster', required: true } },
    data: importEnvelope,
    status: 201,
    // Applying: an account signed up since the preview, the last administrator switched off, a
    // key another write took meanwhile (the unique constraints).
    errors: ['roster_not_text', 'columns_invalid', 'column_unknown', 'column_mapped_twice', 'roster_adoption_refused', 'last_admin', 'registration_id_taken', 'email_taken', 'coursenumber_taken'],
  }),
  getImport: endpoint({ method: 'GET', path: `${A}/imports/:importId`, summary: 'One import, as it was previewed, applied or refused', data: importEnvelope, errors: ['not_found'] }),
};
