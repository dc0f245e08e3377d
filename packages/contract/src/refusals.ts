/**
 * Every refusal the API gives, by its stable code: the HTTP status it is answered with and the
 * English `message` (and `errors[0]`) the original clients read, built from the refusal's `field`
 * and `params`. The server answers `{code, field, params}` beside the English; the web app words
 * each refusal from those (apps/web/src/lib/words.ts, a `Record` over these codes), never from the
 * English, so rewording a message here changes nothing in the web app. A code, once answered,
 * keeps its meaning: add codes, never reuse one for something else.
 *
 * Zod-free, like messages.ts: the field schemas (fields.ts) build their messages from here, and
 * the web app's first load may need the codes.
 */
import { orList, waitInWords } from './plain-words';
import { fieldLabel as label } from './labels';
import { LIMIT_REASONS, type LimitReason } from './limit-reasons';

export { waitInWords } from './plain-words';

/** A value a sentence needs: a number, a name, a list of names (the file types a field takes). */
export type ParamValue = string | number | readonly string[];
export type RefusalParams = Record<string, ParamValue>;

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503 | 504;

interface Definition<P extends RefusalParams | undefined> {
  status: Status;
  /** The English message from the field the refusal concerns (its label) and the params. */
  english: (field: string, params: P) => string;
  /** The input a refusal of this code always concerns, when it is always the same one. */
  field?: string;
}

/** A refusal that says the same every time. */
const fixed = (status: Status, message: string): Definition<undefined> => ({ status, english: () => message });
/** A refusal about one input, named by its label ("Semester is required"); `field` when it is always that one. */
const about = (status: Status, tail: string, field?: string): Definition<undefined> => ({ status, english: (f) => `${label(f)} ${tail}`, ...(field ? { field } : {}) });
/** A refusal about one input, worded around its label. */
const worded = (status: Status, english: (label: string) => string, field?: string): Definition<undefined> => ({ status, english: (f) => english(label(f)), ...(field ? { field } : {}) });
/** A refusal whose message needs values. */
const withParams = <P extends RefusalParams>(status: Status, english: (field: string, params: P) => string, field?: string): Definition<P> => ({ status, english, ...(field ? { field } : {}) });

/** Refusals of the request itself and of who sends it, and of a part that is down: routes of every kind give these. */
const ANY_ROUTE = {
  login_required: fixed(401, 'you must be logged in'),
  /** A 401 whose session someone ended (a logout elsewhere, a password change). */
  session_ended: fixed(401, 'you must be logged in'),
  session_expired: fixed(401, 'you must be logged in'),
  not_allowed: fixed(403, 'you are not allowed to do this'),
  cross_origin: fixed(403, 'cross-origin request refused'),
  bad_host: fixed(400, 'the Host header is not a valid host'),
  not_found: fixed(404, 'not found'),
  route_not_found: withParams<{ method: string; path: string }>(404, (_f, { method, path }) => `route ${method} ${path} not found`),
  already_exists: fixed(409, 'already exists'),
  request_too_large: fixed(413, 'request is too large'),
  too_many_requests: fixed(429, 'too many requests, try again later'),
  /** One of the portal's own rate limits: which one, and when it lifts (also the Retry-After). */
  rate_limited: withParams<{ limit: LimitReason; retryAfterSeconds: number }>(429, (_f, { limit, retryAfterSeconds }) => `${LIMIT_REASONS[limit]}; try again in ${waitInWords(retryAfterSeconds)}`),
  invalid_request: fixed(400, 'invalid request'),
  invalid_url: fixed(400, 'invalid request URL'),
  param_too_long: fixed(400, 'a path parameter is too long'),
  request_cut_off: fixed(400, 'the request did not arrive whole'),
  internal_error: fixed(500, 'internal server error'),
  database_unavailable: fixed(503, 'database unavailable'),
  /** An instance starting or draining: the readiness probe's refusal. */
  instance_not_ready: withParams<{ state: string }>(503, (_f, { state }) => `this instance is ${state}`),
} satisfies Record<string, Definition<never>>;

/** What a route that takes input (a query, a body, path params) may answer about it. */
const INPUT = {
  unsupported_type: fixed(415, 'unsupported content type'),
  invalid_input: fixed(400, 'invalid input'),
  not_json: fixed(400, 'request body is not valid JSON'),
  empty_body: fixed(400, 'request body is empty'),
  body_too_large: fixed(413, 'request body is too large'),
  bad_content_length: fixed(400, 'invalid content length'),
  field_required: about(400, 'is required'),
  field_not_text: about(400, 'must be text'),
  field_bad_character: about(400, 'contains a character that is not allowed'),
  field_line_break: about(400, 'must not contain a line break'),
  field_not_number: about(400, 'must be a number'),
  field_not_whole_number: about(400, 'must be a whole number'),
  number_too_small: withParams<{ min: number }>(400, (field, { min }) => `${label(field)} must be at least ${min}`),
  number_too_large: about(400, 'is too large'),
  semester_out_of_range: withParams<{ min: number; max: number }>(400, (field, { min, max }) => `${label(field)} must be between ${min} and ${max}`, 'semester'),
  out_of_range: withParams<{ min: number; max: number }>(400, (field, { min, max }) => `${label(field)} must be between ${min} and ${max}`),
  text_too_long: about(400, 'is too long'),
  too_many_characters: withParams<{ max: number }>(400, (field, { max }) => `${label(field)} must be at most ${max} characters`),
  too_few_characters: withParams<{ min: number }>(400, (field, { min }) => `${label(field)} must be at least ${min} characters`),
  userrole_invalid: about(400, 'must be 1 (professor) or 2 (student)'),
  branch_unknown: about(400, 'must be one of the nine branches'),
  branch_filter_unknown: about(400, 'must be All or one of the nine branches'),
  email_invalid: about(400, 'must be a valid email address'),
  not_boolean: about(400, 'must be true or false'),
  /** A value that is not one of a fixed set (a role filter, a delivery, an import's kind). */
  choice_invalid: withParams<{ choices: readonly string[] }>(400, (field, { choices }) => `${label(field)} must be ${orList(choices)}`),
  action_unknown: about(400, 'is not a known action'),
  id_invalid: about(400, 'is not a valid id'),
  cursor_invalid: about(400, 'is not valid'),
  date_invalid: about(400, 'must be a date (YYYY-MM-DD)'),
  date_not_real: about(400, 'is not a real calendar date'),
  time_invalid: about(400, 'must be HH:MM between 00:00 and 23:59'),
  link_invalid: about(400, 'must start with http:// or https://'),
  path_invalid: about(400, 'must be a path on this site'),
  dates_out_of_order: withParams<{ after: string }>(400, (field, { after }) => `${label(field)} must not be before ${label(after)}`, 'to'),
  /** Zod's own words for a rule nobody worded: "<Label>: <zod's message>". */
  field_invalid: withParams<{ detail: string }>(400, (field, { detail }) => `${label(field)}: ${detail}`),
  /** A strict body or query given a key it does not take. */
  unknown_field: withParams<{ keys: readonly string[] }>(400, (_f, { keys }) => `Unrecognized key${keys.length === 1 ? '' : 's'}: ${keys.map((k) => `"${k}"`).join(', ')}`),
} satisfies Record<string, Definition<never>>;

/** What a route that takes an upload (multipart) may answer about it. */
const UPLOAD = {
  not_multipart: fixed(415, 'request must be multipart/form-data'),
  upload_too_large: fixed(413, 'file is too large'),
  too_many_parts: fixed(413, 'too many parts in the form'),
  too_many_files: fixed(413, 'too many files in the form'),
  too_many_fields: fixed(413, 'too many fields in the form'),
  /** A text field of the form longer than the parser takes (100 KB): too large, like the form's other limits, not a field's own rule. */
  form_field_too_large: about(413, 'is too long'),
  bad_field_name: fixed(400, 'invalid form field name'),
  malformed_multipart: fixed(400, 'malformed multipart body'),
  storage_unavailable: fixed(503, 'file storage is unavailable; try again shortly'),
  file_empty: about(400, 'is empty'),
  file_too_large: withParams<{ size: string }>(413, (field, { size }) => `${label(field)} must be at most ${size}`),
  /** `types` as the API names them ("pdf", "png"); `noun` what such a file is ("image", "file"). */
  file_wrong_type: withParams<{ types: readonly string[]; noun: string }>(415, (field, { types, noun }) => `${label(field)} must be a ${orList(types)} ${noun}`),
  over_quota: withParams<{ quota: string }>(413, (_f, { quota }) => `this would take your uploads past your storage quota of ${quota}; delete some of your files first`),
} satisfies Record<string, Definition<never>>;

export const REFUSAL_CATALOGUE = {
  ...ANY_ROUTE,
  ...INPUT,
  ...UPLOAD,
  // ── Things that are not there (or not for this user) ───────────────────────
  course_not_found: fixed(404, 'course not found'),
  notes_not_found: fixed(404, 'notes not found'),
  event_not_found: fixed(404, 'event not found'),
  user_not_found: fixed(404, 'user not found'),
  file_not_found: fixed(404, 'file not found'),
  marksheet_not_found: fixed(404, 'marksheet not found'),
  applicant_not_found: fixed(404, 'applicant not found'),
  application_not_found: fixed(404, 'request not found'),
  notification_not_found: fixed(404, 'notification not found'),
  student_not_found: fixed(404, 'student not found'),
  student_not_enrolled: fixed(404, 'student is not enrolled in this course'),

  // ── Who may ─────────────────────────────────────────────────────────────────
  course_owner_only: fixed(403, 'only the owner of this course can do this'),
  event_host_only: fixed(403, 'only the host of this event can delete it'),
  event_host_only_edit: fixed(403, 'only the host of this event can edit it'),
  join_to_read_notes: fixed(403, 'join the course to read its notes'),

  // ── Conflicts ───────────────────────────────────────────────────────────────
  coursenumber_taken: about(409, 'is already used by another course', 'coursenumber'),
  already_joined: fixed(409, 'you have already joined this course'),
  not_joined: fixed(409, 'you have not joined this course'),
  already_applied: fixed(409, 'you have already applied for this semester'),
  marksheet_exists: fixed(409, 'the marksheet for this semester already exists'),
  marksheet_upload_in_progress: fixed(409, 'another upload for this semester is in progress; try again'),
  /** The exam office declines or answers a request that is no longer open. */
  application_answered: fixed(409, 'this request has already been answered'),

  // ── Dates and times ─────────────────────────────────────────────────────────
  /** A new or moved exam date before today (the campus's day). */
  exam_date_in_past: about(400, 'must not be in the past', 'examDate'),
  /** One exam time without the other; the end not after the start. */
  exam_start_needed: about(400, 'is needed with an end time (give both, or neither)', 'examStart'),
  exam_end_needed: about(400, 'is needed with a start time (give both, or neither)', 'examEnd'),
  exam_end_before_start: about(400, 'must be after the start time', 'examEnd'),
  /** An event (created, or moved) on a day already over on campus. */
  event_day_past: about(400, 'is in the past: choose today or a later day', 'date'),
  /** An event today at a minute already gone on campus: the earliest it may start (HH:MM). */
  event_time_past: withParams<{ earliest: string }>(400, (field, { earliest }) => `${label(field)} is in the past: an event today must start at ${earliest} (campus time) or later`, 'time'),

  // ── Accounts ────────────────────────────────────────────────────────────────
  password_too_common: about(400, 'is too common'),
  field_incorrect: about(400, 'is incorrect'),
  /** The two new passwords a form asks for differ (the browser's own check). */
  passwords_differ: { ...fixed(400, 'The two new passwords differ'), field: 'confirm' },
  invalid_login: fixed(401, 'invalid registration id or password'),
  /** The password that links a campus sign-in to a signup account is wrong: a 401, as a login's. */
  link_password_incorrect: about(401, 'is incorrect', 'password'),
  registration_id_taken: about(409, 'is already registered', 'registrationId'),
  email_taken: about(409, 'is already registered', 'email'),
  registration_id_reserved: about(409, 'is reserved for the exam office', 'registrationId'),
  /**
   * Login of a switched-off account, said only after its password was right. A request whose
   * session ended because its account was switched off answers this code with 401 instead.
   */
  account_deactivated: fixed(403, 'account deactivated'),
  /** A change that would leave the portal with no active administrator. */
  last_admin: fixed(409, 'the last active administrator can be neither demoted nor deactivated'),
  /** A student with no semester or branch yet asking for a marksheet: she chooses them once. */
  choose_semester_and_branch: fixed(400, 'choose your semester and branch first'),
  /** The same, asking for an admit card. */
  admit_card_needs_cohort: fixed(400, 'semester and branch must be set before an admit card is issued'),
  /** Public signup when SIGNUP=closed. */
  signup_closed: fixed(403, 'signup is closed'),
  staff_code_required: worded(403, (name) => `A valid ${name.toLowerCase()} is required`, 'staffcode'),
  /** Change-password's new password is the one it replaces. */
  same_password: about(400, 'must be different from your current password', 'newpassword'),
  /** A managed account's fullname, semester or branch, changed by its owner. */
  set_by_registrar: about(403, 'is set by the registrar and cannot be changed here'),
  /** The original portal's words for a photo missing from signup and update-avatar; its clients compare them. */
  avatar_required: { ...fixed(400, 'avatar is required'), field: 'avatar' },
  /** An exam office member given the student role, or a student given the exam office. */
  exam_office_professors_only: worded(400, (name) => `${name}: only a professor account can be in the exam office`, 'isExamOffice'),
  reset_unavailable: fixed(503, 'password reset by email is not available: this server sends no email'),
  /** An invitation to an account that already has a password: a reset link is what it needs. */
  invite_has_password: fixed(409, 'this user already has a password: send a reset link instead'),
  invite_unavailable: fixed(503, 'invitations are not available: this server sends no email'),
  reset_token_unknown: about(400, 'is not valid; ask for a new reset link', 'token'),
  reset_token_used: about(400, 'has already been used; ask for a new reset link', 'token'),
  reset_token_expired: about(400, 'has expired; ask for a new reset link', 'token'),
  email_token_unknown: about(400, 'is not valid (a newer request replaces an older link); change your email again from your profile for a new link', 'token'),
  /** A token no link could hold (too long). */
  email_token_malformed: about(400, 'is not valid; change your email again from your profile for a new link', 'token'),
  email_token_used: about(400, 'has already been used: this email change is done', 'token'),
  email_token_expired: about(400, 'has expired; change your email again from your profile for a new link', 'token'),
  unsubscribe_invalid: fixed(400, 'this unsubscribe link is not valid'),
  /** Notification preferences that set no kind at all. */
  preference_needed: withParams<{ kinds: readonly string[] }>(400, (_f, { kinds }) => `Give at least one of ${kinds.map(label).join(', ')}`),

  // ── Campus sign-in (also on the login page as /login?error=<code>) ──────────
  /** No role rule of the provider matched the campus account's claims: nothing was created. */
  no_role: fixed(403, 'your campus account has no role in this portal'),
  /** The provider's claims lack, or hold an unusable, registration id, email or name (the login page's code for claim_missing and claim_invalid). */
  claims_unusable: fixed(403, 'your campus account did not give what this portal needs'),
  /** A claim the provider did not release; `field` is the portal's field it fills. */
  claim_missing: withParams<{ claim: string }>(403, (field, { claim }) => `your campus account gave no ${label(field).toLowerCase()} (claim ${claim})`),
  /** A claim whose value the field refuses; `detail` is that field's refusal, in English. */
  claim_invalid: withParams<{ claim: string; detail: string }>(403, (_f, { claim, detail }) => `your campus account's ${claim} cannot be used: ${detail}`),
  /** PASSWORD_LOGIN=admins: a right password of an account that is no administrator. */
  password_login_admins_only: fixed(403, 'password sign-in is for administrators only: use your campus account'),
  sign_in_provider_unknown: fixed(404, 'no such sign-in provider'),
  /** The provider could not be reached (its discovery document, its token endpoint). */
  sign_in_unavailable: fixed(503, 'the campus sign-in is not answering: try again shortly'),
  /** The state (OIDC) or relay state (SAML) is unknown, spent or from another browser; or the sign-in took too long. */
  sign_in_expired: fixed(400, 'this sign-in has expired or was already used: start again'),
  /** The provider answered with an error, or what it sent failed a check. */
  sign_in_failed: fixed(400, 'the campus sign-in could not be completed: start again'),
  /** Another campus account of the same provider is already linked to the account with this registration id. */
  sign_in_identity_taken: fixed(409, 'this registration ID is linked to another campus account'),
  /** The campus account's email is another account's here. */
  sign_in_email_taken: fixed(409, "your campus account's email is already used by another account here"),
  /** A back-channel logout whose token fails a check, or was acted on before. */
  logout_token_invalid: fixed(400, 'the logout token is not valid'),
  /** A test sign-in started by someone who is no administrator. */
  sign_in_test_admins_only: fixed(403, 'only an administrator can test a sign-in provider'),

  // ── Documents, marksheets ───────────────────────────────────────────────────
  /** An admit card asked for before any of the student's courses has an exam date. */
  no_exam_dates_yet: fixed(400, 'no exam dates yet'),
  /** A marksheet request for a semester the student has not reached (the original portal's words). */
  cannot_apply: fixed(400, 'cannot apply'),
  semester_above_applicants: withParams<{ semester: number }>(400, (field, { semester }) => `${label(field)} must be at most the applicant's semester (${semester})`, 'semester'),

  // ── Files ───────────────────────────────────────────────────────────────────
  /** A download's `?inline=` that is neither 1 nor 0; it names the query key as it is written, lowercase. */
  inline_invalid: { ...fixed(400, 'inline must be 1 or 0'), field: 'inline' },

  // ── The registrar's roster ──────────────────────────────────────────────────
  /** A roster import naming no file, or one that is not UTF-8 text. */
  roster_not_text: worded(415, (name) => `${name} must be a CSV file in UTF-8`, 'file'),
  columns_invalid: about(400, "must be a JSON object of the file's column names, each to a roster column or to null to ignore it", 'columns'),
  /** A column mapping naming a roster column the kind of file does not have. */
  column_unknown: withParams<{ column: string; kind: string; known: readonly string[] }>(400, (field, { column, kind, known }) => `${label(field)}: ${JSON.stringify(column)} is not a column of ${kind} files; they are ${known.join(', ')}`, 'columns'),
  /** Two of the file's columns mapped to one roster column. */
  column_mapped_twice: withParams<{ column: string; from: readonly string[] }>(400, (field, { column, from }) => `${label(field)}: ${column} is mapped from both ${from.map((f) => JSON.stringify(f)).join(' and ')}`, 'columns'),
  /** An account the registrar's file names that was made by public signup: the roster does not take it over. */
  roster_adoption_refused: withParams<{ registrationId: number }>(
    409,
    (_f, { registrationId }) =>
      `Registration ID ${registrationId} belongs to an account made with a password (public signup), not by the registrar: the roster does not take it over (its owner links it by signing in with the campus account and giving that password)`,
  ),

  // ── The roster's problems with one file (an import's `errors`, each with its line and column) ──
  /** A student's row without a semester or a branch (a professor's may leave them out). */
  required_for_student: about(400, 'is required for a student'),
  roster_no_header: fixed(400, 'The file has no header row'),
  roster_column_twice: withParams<{ column: string }>(400, (_f, { column }) => `The column ${column} is in the header twice`),
  roster_column_unknown: withParams<{ column: string; known: readonly string[] }>(400, (_f, { column, known }) => `${column} is not a column of this kind of file; its columns are ${known.join(', ')}`),
  roster_column_missing: withParams<{ column: string }>(400, (_f, { column }) => `The header has no ${column} column`),
  roster_cell_count: withParams<{ cells: number; expected: number }>(400, (_f, { cells, expected }) => `This line has ${cells} cells; the header has ${expected}`),
  csv_quote_not_closed: fixed(400, 'A quoted cell is never closed: add the missing double quote (")'),
  csv_quote_in_cell: fixed(400, 'A double quote inside a cell must be written twice (""), and the cell quoted'),
  csv_unreadable: fixed(400, 'This line cannot be read as CSV'),
  /** A key (a registration id, an email, a course number) on two lines of one file; `first` is the earlier line. */
  roster_duplicate: withParams<{ value: string | number; first: number }>(400, (field, { value, first }) => `${label(field)} ${value} is also on line ${first}`),
  roster_duplicate_enrolment: withParams<{ registrationId: number; coursenumber: number; first: number }>(
    400,
    (_f, { registrationId, coursenumber, first }) => `Registration ID ${registrationId} is in course ${coursenumber} on line ${first} too`,
  ),
  roster_no_account: withParams<{ registrationId: number }>(400, (_f, { registrationId }) => `No account has registration id ${registrationId}`),
  roster_no_course: withParams<{ coursenumber: number }>(400, (_f, { coursenumber }) => `No course has course number ${coursenumber}`),
  roster_not_professor: withParams<{ registrationId: number }>(400, (_f, { registrationId }) => `Registration ID ${registrationId} is not a professor’s account`),
  roster_not_student: withParams<{ registrationId: number }>(400, (_f, { registrationId }) => `Registration ID ${registrationId} is not a student’s account`),
  /** A professor who owns courses, made a student by the file. */
  roster_owns_courses: withParams<{ registrationId: number }>(400, (_f, { registrationId }) => `Registration ID ${registrationId} owns courses, so it stays a professor`),
  /** An active administrator switched off by the file. */
  roster_admin_status: withParams<{ registrationId: number }>(
    400,
    (_f, { registrationId }) => `Registration ID ${registrationId} is an administrator: switch an administrator off on their page, not from the roster`,
  ),
  /** A problem an import recorded before problems carried codes: its English, as it was. */
  roster_problem: withParams<{ detail: string }>(400, (_f, { detail }) => detail),

  // ── Coursework ──────────────────────────────────────────────────────────────
  assignment_not_found: fixed(404, 'assignment not found'),
  post_not_found: fixed(404, 'post not found'),
  comment_not_found: fixed(404, 'comment not found'),
  upload_not_found: fixed(404, 'upload not found'),
  /** A submission (or a look at one's own) by someone who is not an enrolled student. */
  students_submit_only: fixed(403, 'only a student enrolled in this course can submit'),
  comment_author_only: fixed(403, 'only its author or the owner of the course can delete this comment'),
  no_submissions_for_test: fixed(400, 'this assignment takes no submissions'),
  submissions_closed: fixed(409, 'submissions are closed'),
  marks_already_returned: fixed(409, 'marks already returned'),
  submission_empty: { ...fixed(400, 'a submission needs a file or some text'), field: 'files' },
  submission_too_large: withParams<{ size: string }>(413, (_f, { size }) => `a submission's files must add up to at most ${size}`, 'files'),
  /** A resumable upload named in a submission before all its bytes arrived. */
  upload_incomplete: fixed(409, 'the upload has not finished; send the rest first'),
  /** An ISO-8601 moment with its offset: a due or closing time. */
  instant_invalid: about(400, 'must be a date and time with its offset (ISO 8601)'),
  too_many_items: withParams<{ max: number }>(400, (field, { max }) => `${label(field)} may hold at most ${max}`),
  marks_two_decimals: about(400, 'may have at most two decimals'),
  rubric_invalid: about(400, 'must be a list of criteria, each with one to ten levels of marks', 'rubric'),
  rubric_total_mismatch: withParams<{ total: number; maxMarks: number }>(400, (_f, { total, maxMarks }) => `the rubric's best levels add up to ${total}, not the maximum marks (${maxMarks})`, 'rubric'),
  /** A rubric changed or removed once marks were given with it. */
  rubric_in_use: about(409, 'cannot change once marks were given with it', 'rubric'),
  rubric_missing: about(400, 'cannot be used: this assignment has no rubric', 'rubric'),
  rubric_choice_invalid: about(400, 'must choose one existing level for each criterion', 'rubric'),
  marks_or_rubric: fixed(400, 'give marks or rubric levels, not both'),
  mark_needs_value: fixed(400, 'give marks, a rubric level for each criterion, or excuse the work'),

  // ── Events: drafting a description ──────────────────────────────────────────
  drafting_off: fixed(503, 'description drafting is not configured on this server'),
  drafting_failed: fixed(502, 'the text generator could not draft a description; try again or write your own'),
  drafting_timed_out: fixed(502, 'the text generator did not answer in time; try again or write your own description'),
} satisfies Record<string, Definition<never>>;

export type RefusalCode = keyof typeof REFUSAL_CATALOGUE;

/** The params a code's message needs (none: `undefined`). */
export type ParamsOf<C extends RefusalCode> = Parameters<(typeof REFUSAL_CATALOGUE)[C]['english']>[1];

/** Every code, for tests and the API docs. */
export const REFUSAL_CODES = Object.keys(REFUSAL_CATALOGUE) as RefusalCode[];

/** The codes any route with input may answer, and any upload route (the server adds them to each such route's declared ones). */
export const INPUT_REFUSALS = Object.keys(INPUT) as RefusalCode[];
export const UPLOAD_REFUSALS = Object.keys(UPLOAD) as RefusalCode[];

export const isRefusalCode = (value: unknown): value is RefusalCode => typeof value === 'string' && Object.hasOwn(REFUSAL_CATALOGUE, value);

/** A refusal as the API answers it: its code, the input it concerns and the values its sentence needs, and its English. */
export interface Refusal<C extends RefusalCode = RefusalCode> {
  code: C;
  status: number;
  field?: string;
  params: RefusalParams;
  message: string;
}

/** What a refusal needs besides its code: the field it concerns, and its params when its message has any. */
export type RefusalInput<C extends RefusalCode> = { field?: string } & (ParamsOf<C> extends undefined ? { params?: undefined } : { params: ParamsOf<C> });

/** `refusal`'s arguments after the code: optional where the code's message needs no params. */
export type RefusalArgs<C extends RefusalCode> = ParamsOf<C> extends undefined ? [input?: RefusalInput<C>] : [input: RefusalInput<C>];

/** Messages the field schemas built, by their text: what a failed zod check meant (`refusalOfMessage`). */
const BY_MESSAGE = new Map<string, Refusal>();

/** The refusal `code` about `input`, with its English message. */
export function refusal<C extends RefusalCode>(code: C, ...[input]: RefusalArgs<C>): Refusal<C> {
  const definition = REFUSAL_CATALOGUE[code] as Definition<RefusalParams | undefined>;
  const field = input?.field ?? definition.field;
  const params = (input?.params ?? {}) as RefusalParams;
  const result: Refusal<C> = { code, status: definition.status, params, message: definition.english(field ?? '', input?.params as RefusalParams | undefined) };
  if (field !== undefined) result.field = field;
  return result;
}

/**
 * A refusal's English, for a zod check's `error`: the schemas speak in messages, so the message is
 * remembered with what it means, and the server's validation (and the web app's forms) read the
 * code back from the message a failed check gave (`refusalOfMessage`). The same code, field and
 * params always give the same message, so one message never means two refusals.
 */
export function refusalMessage<C extends RefusalCode>(code: C, ...args: RefusalArgs<C>): string {
  const r = refusal(code, ...args);
  BY_MESSAGE.set(r.message, r);
  return r.message;
}

/** "Notes file is required": what a missing field or file gets, on the server and in forms alike. */
export const requiredMessage = (field: string) => refusalMessage('field_required', { field });

/**
 * A refusal as a zod issue, for a check whose refusal carries what the client sent (a column name
 * of the roster's mapping): the refusal travels in the issue's `params` and is not remembered by
 * its message, so no request can grow what `refusalMessage` keeps. `refusalOfIssue` (the server's
 * validation) and the web's form checks read it back from there.
 */
export function refusalIssue<C extends RefusalCode>(code: C, ...args: RefusalArgs<C>) {
  const r = refusal(code, ...args);
  return { code: 'custom' as const, message: r.message, params: { refusal: r }, ...(r.field !== undefined ? { path: [r.field] } : {}) };
}

/** The refusal a `refusalIssue` carries in an issue's params, if it is one. */
export const refusalInParams = (params: unknown): Refusal | undefined => {
  const r = (params as { refusal?: Refusal } | undefined)?.refusal;
  return r && typeof r.code === 'string' && isRefusalCode(r.code) ? r : undefined;
};

/** What a message a field schema gave means, if a schema built it with `refusalMessage`. */
export const refusalOfMessage = (message: string): Refusal | undefined => BY_MESSAGE.get(message);
