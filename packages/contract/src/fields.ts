import { z } from 'zod';
import {
  ALL_BRANCHES,
  ALL_SEMESTERS,
  BRANCHES,
  BRANCH_MISSPELLINGS,
  EMAIL_MAX,
  FULLNAME_MAX,
  MAX_REGISTRATION_ID,
  MIN_REGISTRATION_ID,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type Branch,
} from './constants';
import { isCalendarDate } from './dates';
import { refusalMessage as says, requiredMessage } from './refusals';

/**
 * Field schemas reused by every request schema. Each message is a sentence that names its field
 * by its label (labels.ts), so the server's 400 and the form's inline error read the same
 * ("Semester must be between 1 and 8").
 */

/**
 * What a text column cannot hold, or no keyboard types: the control characters (C0 and C1)
 * except tab, LF and CR, and half a surrogate pair without its other half. PostgreSQL refuses a
 * NUL outright (a 500 if it got that far); the rest would be stored but break pages, headers and
 * exports later. In `u` mode a lone surrogate is its own code point, so `\p{Cs}` finds only those.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}]/u;

/**
 * The start of every text a client sends: a string holding only storable characters. Refused
 * once here, every body, multipart field and query string answers the same 400 naming the field.
 * `typeError` is the message for a missing or non-string value.
 */
export const textField = (field: string, typeError = says('field_not_text', { field })) =>
  z
    .string({ error: typeError })
    .refine((v) => !UNSTORABLE.test(v), { error: says('field_bad_character', { field }), abort: true });

/**
 * Line breaks: LF, CR and Unicode's line and paragraph separators. The other characters that end
 * a line (vertical tab, form feed, NEL) are control characters, refused by every text field.
 */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * Text that is one line: a name, an email, a title, a venue, a file name. A line break there
 * would be shown as a break in lists and headings, and would break the lines of an email's
 * headers or a calendar feed; descriptions, which are meant to run over lines, use `textField`.
 */
export const lineField = (field: string, typeError?: string) =>
  textField(field, typeError).refine((v) => !LINE_BREAK.test(v), { error: says('field_line_break', { field }), abort: true });

/**
 * A whole number that may arrive as a number or as a numeric string (the earlier portal's forms send
 * strings; both are accepted, docs/product.md#existing-clients). Empty strings and non-numeric text are refused, never coerced to 0.
 */
export const wholeNumber = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      // Nothing given (absent, or a form's empty field) is "required", not "must be a number".
      .number({ error: (issue) => (issue.input === undefined || (typeof issue.input === 'string' && issue.input.trim() === '') ? requiredMessage(field) : says('field_not_number', { field })) })
      .int({ error: says('field_not_whole_number', { field }) }),
  );

/** A number of at least nine digits that names someone or something: a registration id, a course number, a course's owner. */
export const idNumberField = (field: string) =>
  wholeNumber(field).pipe(
    z
      .number()
      .min(MIN_REGISTRATION_ID, { error: says('number_too_small', { field, params: { min: MIN_REGISTRATION_ID } }) })
      .max(MAX_REGISTRATION_ID, { error: says('number_too_large', { field }) }),
  );

export const registrationIdField = idNumberField('registrationId');

const SEMESTER_RANGE = says('semester_out_of_range', { params: { min: 1, max: 8 } });
export const semesterField = wholeNumber('semester').pipe(
  z.number().min(1, { error: SEMESTER_RANGE }).max(8, { error: SEMESTER_RANGE }),
);

export const userroleField = wholeNumber('userrole').pipe(
  z.union([z.literal(1), z.literal(2)], { error: says('userrole_invalid', { field: 'userrole' }) }),
);

/** Accepts the nine branches and the two legacy misspellings, which it corrects. */
export const branchField = textField('branch', requiredMessage('branch'))
  .transform((v) => BRANCH_MISSPELLINGS[v.trim()] ?? v.trim())
  .pipe(z.enum(BRANCHES, { error: says('branch_unknown', { field: 'branch' }) }));

export const emailField = lineField('email', requiredMessage('email'))
  .trim()
  .min(1, { error: requiredMessage('email') })
  .max(EMAIL_MAX, { error: says('text_too_long', { field: 'email' }) })
  .pipe(z.email({ error: says('email_invalid', { field: 'email' }) }));

/** Trimmed, required, one line, with a length cap; the messages name the field. */
export const requiredLine = (field: string, max: number) =>
  lineField(field, requiredMessage(field))
    .trim()
    .min(1, { error: requiredMessage(field) })
    .max(max, { error: says('too_many_characters', { field, params: { max } }) });

export const fullnameField = requiredLine('fullname', FULLNAME_MAX);

/** Any characters, 8 to 128 of them (the common-password check runs on the server only). */
export const passwordField = (field = 'password') =>
  textField(field, requiredMessage(field))
    .min(1, { error: requiredMessage(field) })
    .min(PASSWORD_MIN, { error: says('too_few_characters', { field, params: { min: PASSWORD_MIN } }) })
    .max(PASSWORD_MAX, { error: says('too_many_characters', { field, params: { max: PASSWORD_MAX } }) });

const SEMESTER_FILTER_RANGE = says('semester_out_of_range', { params: { min: 1, max: ALL_SEMESTERS } });
/** Filter parameters: semester 9 or absent means all; branch "All" or absent means all. */
export const semesterFilterField = z
  .preprocess(
    (v) => (v === undefined || v === '' ? ALL_SEMESTERS : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: says('field_not_number', { field: 'semester' }) }).int().min(1, { error: SEMESTER_FILTER_RANGE }).max(ALL_SEMESTERS, { error: SEMESTER_FILTER_RANGE }),
  );

const BRANCH_FILTER_ERROR = says('branch_filter_unknown', { field: 'branch' });
export const branchFilterField = z.preprocess(
  (v) => (v === undefined || v === '' ? ALL_BRANCHES : v),
  textField('branch', BRANCH_FILTER_ERROR)
    .transform((v) => BRANCH_MISSPELLINGS[v] ?? v)
    .pipe(z.enum([ALL_BRANCHES, ...BRANCHES], { error: BRANCH_FILTER_ERROR })),
) as z.ZodType<Branch | typeof ALL_BRANCHES>;

/** Opaque ids are UUIDs; anything else is a 404 at the route, never a database error. */
export const idField = (field: string) => z.uuid({ error: says('id_invalid', { field }) });

/** A real calendar date as `YYYY-MM-DD` (2026-02-30 is refused), for exam and event dates. */
export const calendarDateField = (field: string) =>
  textField(field, says('date_invalid', { field }))
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: says('date_invalid', { field }) })
    .refine(isCalendarDate, { error: says('date_not_real', { field }) });

/** Trimmed, required text that may run over lines (a description), with a length cap; the messages name the field. */
export const requiredText = (field: string, max: number) =>
  textField(field, requiredMessage(field))
    .trim()
    .min(1, { error: requiredMessage(field) })
    .max(max, { error: says('too_many_characters', { field, params: { max } }) });
