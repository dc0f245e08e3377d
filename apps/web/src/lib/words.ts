/**
 * Every refusal the web app shows, said as a sentence a student understands, from its stable
 * code (packages/contract/src/refusals.ts): the sentence is built from the refusal's `field` and
 * `params`, never from the server's English `message`, so the catalogue may reword its English
 * and nothing here changes. A code gets its sentence from a `Partial<Record<RefusalCode, …>>`, and
 * `words.test.ts` holds every code of the catalogue to one.
 *
 * Callers word a refusal here (`refusalSentence`, and `errorText` in lib/api.ts for whatever a
 * call threw); banners and fields show the sentence they are given.
 *
 * Only type imports of the catalogue: this is in every page's first load, and the catalogue's
 * English is not. The words only the administration's pages need are in `admin-words.ts`, those
 * of the campus sign-in in `sign-in-words.ts`, those of signed documents in `document-words.ts` and
 * those of coursework (assignments, submissions, marks, the stream) in `coursework-words.ts`:
 * the pages that show them load them, and they add themselves here (`addWords`), so no other page
 * carries them.
 */
import { FILE_TYPES } from '@campus/contract/constants';
import type { LabelledField } from '@campus/contract/labels';
import type { LimitReason } from '@campus/contract/limit-reasons';
import { orList, waitInWords } from '@campus/contract/plain-words';
import type { RefusalCode, RefusalParams } from '@campus/contract/refusals';

export const TRY_AGAIN = 'Something went wrong. Please try again.';
const RELOAD = 'Something went wrong. Reload the page and try again.';

/** How a sentence speaks of a field, and how it asks for it. */
export interface FieldWords {
  noun: string;
  ask: string;
  /** Said of any refusal about the field: one nobody types, whatever is wrong with it, has one remedy. */
  any?: string;
  /** A number a person types (maximum marks, a grace period): a refusal of its range says the range. */
  typed?: boolean;
}

/** The fields only the administration's pages send, worded in admin-words.ts. */
export type AdminField = 'q' | 'active' | 'isAdmin' | 'isExamOffice' | 'actor' | 'target' | 'action' | 'from' | 'to' | 'kind' | 'dryRun' | 'columns' | 'file' | 'roster' | 'owner' | 'status';

/** The fields only the coursework pages send, worded in coursework-words.ts. */
export type CourseworkField =
  | 'instructions' | 'maxMarks' | 'dueAt' | 'graceMinutes' | 'latePenaltyPercentPerDay' | 'closesAt' | 'rubric' | 'criterion' | 'label' | 'published'
  | 'attachments' | 'attachment' | 'submission' | 'files' | 'uploads' | 'text' | 'marks' | 'feedback' | 'excused' | 'studentIds' | 'format';

/** How a sentence speaks of each field, and how it asks for it; the administration's and coursework's are added with their pages. */
const FIELDS: Record<Exclude<LabelledField, AdminField | CourseworkField>, FieldWords> & Partial<Record<string, FieldWords>> = {
  registrationId: { noun: 'registration id', ask: 'Enter your registration id' },
  email: { noun: 'email address', ask: 'Enter your email address' },
  fullname: { noun: 'full name', ask: 'Enter your full name' },
  password: { noun: 'password', ask: 'Enter your password' },
  semester: { noun: 'semester', ask: 'Choose a semester' },
  branch: { noun: 'branch', ask: 'Choose a branch' },
  userrole: { noun: 'role', ask: 'Choose student or professor' },
  staffcode: { noun: 'staff signup code', ask: 'Enter the staff signup code' },
  oldpassword: { noun: 'current password', ask: 'Enter your current password' },
  currentPassword: { noun: 'current password', ask: 'Enter your current password' },
  newpassword: { noun: 'new password', ask: 'Enter a new password' },
  token: { noun: 'link', ask: 'Open the link from your email again' },
  confirm: { noun: 'confirmation', ask: 'Enter the new password again' },
  avatar: { noun: 'photo', ask: 'Choose a photo of yourself' },
  title: { noun: 'title', ask: 'Enter a title' },
  description: { noun: 'description', ask: 'Enter a description' },
  coursenumber: { noun: 'course number', ask: 'Enter the course number' },
  examDate: { noun: 'exam date', ask: 'Enter the exam date' },
  examCentre: { noun: 'exam centre', ask: 'Enter the exam centre' },
  examStart: { noun: 'exam start time', ask: 'Enter when the exam starts' },
  examEnd: { noun: 'exam end time', ask: 'Enter when the exam ends' },
  reason: { noun: 'reason', ask: 'Say why the request is declined' },
  thumbnail: { noun: 'picture', ask: 'Choose a picture' },
  filename: { noun: 'name', ask: 'Give the notes a name' },
  notesfile: { noun: 'notes file', ask: 'Choose the notes file' },
  date: { noun: 'date', ask: 'Enter a date' },
  time: { noun: 'time', ask: 'Enter a time' },
  venue: { noun: 'venue', ask: 'Enter the venue' },
  instagram: { noun: 'Instagram link', ask: 'Enter the Instagram link' },
  twitter: { noun: 'Twitter link', ask: 'Enter the Twitter link' },
  linkedin: { noun: 'LinkedIn link', ask: 'Enter the LinkedIn link' },
  gform: { noun: 'Google form link', ask: 'Enter the Google form link' },
  marksheet: { noun: 'marksheet', ask: 'Choose the marksheet file' },
  // Paging and stream parameters the app sets itself: nothing for the student to fix.
  limit: { noun: 'list', ask: 'Reload the page and try again', any: RELOAD },
  cursor: { noun: 'list', ask: 'Reload the page and try again', any: RELOAD },
  lastEventId: { noun: 'list', ask: 'Reload the page and try again', any: RELOAD },
  // The administration's role filter shares the label "Role" with signup's userrole, so it stays here.
  role: { noun: 'role', ask: 'Choose a role from the list' },
  // How news of each kind of notification reaches you (the notification settings).
  courses: { noun: 'delivery of new courses', ask: 'Choose how news of new courses reaches you' },
  notes: { noun: 'delivery of new notes', ask: 'Choose how news of new notes reaches you' },
  marksheets: { noun: 'delivery of marksheets', ask: 'Choose how news of marksheets reaches you' },
  exams: { noun: 'delivery of exam dates', ask: 'Choose how news of exam dates reaches you' },
  coursework: { noun: 'delivery of coursework', ask: 'Choose how news of coursework reaches you' },
  // The unsubscribe link's own parts: whatever is wrong, the link was cut short.
  'List-Unsubscribe': { noun: 'unsubscribe link', ask: 'Open the link from the email again', any: 'This unsubscribe link is not complete. Open it from the email again.' },
};

/** A field no table names yet (its page's words have not loaded): said in general. */
const SOME_FIELD: FieldWords = { noun: 'entry', ask: 'Check what you entered and try again' };

/** What a refusal's sentence is built from: the input it concerns and the values the server gave. */
export interface Refused {
  field: string | undefined;
  params: RefusalParams;
}

/** How a field is spoken of in a refusal's sentence. */
export interface Worded extends Refused {
  words: FieldWords;
}

/** A code's sentence, from its field's words and its params. */
export type Sentence = (refused: Worded) => string;
export type Sentences = Partial<Record<RefusalCode, Sentence>>;

const said = (sentence: string): Sentence => () => sentence;
/** A file type as the API names it ("pdf"), as a sentence writes it ("PDF"). */
const TYPE_TITLES = new Map<string, string>(Object.values(FILE_TYPES).map(({ name, title }) => [name, title]));
const list = (value: RefusalParams[string] | undefined): readonly string[] => (Array.isArray(value) ? value : []);

/** What each of the portal's rate limits counted, as a sentence (params.limit). */
const RATE_LIMITS: Record<LimitReason, string> = {
  signups_this_hour: 'Many people have signed up from your network this hour.',
  signups_just_now: 'Many people are signing up from your network right now.',
  reset_requests: 'Your network has asked for many password resets.',
  login_account_address: 'There have been too many wrong passwords for this account from your network.',
  login_address: 'There have been too many wrong passwords from your network.',
  login_account: 'There have been too many wrong passwords for this account. Log in from a browser you have used here before, or wait.',
  uploads: 'You have uploaded many files this hour.',
  notes: 'You have added many notes this hour.',
  courses: 'You have created many courses this hour.',
  events: 'You have created many events this hour.',
  assignments: 'You have set many assignments this hour.',
  stream: 'You have posted and commented many times this hour.',
  drafts: 'You have asked for many descriptions just now.',
  // Calendar apps poll the feed, not people; said should a page ever fetch it.
  calendar_feed: 'This calendar feed has been fetched many times just now.',
};


const LINK_NOT_VALID = 'This link is not valid. Ask for a new one.';
const ADDRESS_WRONG = 'That address is not right. Go back and try again.';

/** The sentences of the refusals any page may meet. */
const SENTENCES: Sentences = {
  // Any route.
  login_required: said('Log in to continue.'),
  session_ended: said('Your session ended (you were signed out on another device or your password was changed). Please log in again.'),
  session_expired: said('Your session expired. Please log in again.'),
  not_allowed: said('You cannot do that with your account.'),
  cross_origin: said('This page was sent from another site, so it was refused. Open the portal and try again.'),
  bad_host: said('That address is not right. Open the portal and try again.'),
  not_found: said('That could not be found. It may have been deleted.'),
  route_not_found: said(TRY_AGAIN),
  already_exists: said('That already exists.'),
  request_too_large: said('That is too large to send. Choose a smaller file.'),
  too_many_requests: said('You have done that many times just now. Wait a little and try again.'),
  rate_limited: ({ params }) => `${RATE_LIMITS[params.limit as LimitReason] ?? 'You have done that many times just now.'} Try again in ${waitInWords(Number(params.retryAfterSeconds))}.`,
  invalid_request: said(TRY_AGAIN),
  invalid_url: said(ADDRESS_WRONG),
  param_too_long: said(ADDRESS_WRONG),
  request_cut_off: said('The connection dropped before everything was sent. Try again.'),
  internal_error: said(TRY_AGAIN),
  database_unavailable: said('The portal cannot reach its data just now. Try again in a minute.'),
  instance_not_ready: said(TRY_AGAIN),

  // Any route with input.
  unsupported_type: said(TRY_AGAIN),
  invalid_input: said('Check what you entered and try again.'),
  not_json: said(TRY_AGAIN),
  empty_body: said(TRY_AGAIN),
  body_too_large: said('That is too large to send. Shorten it and try again.'),
  bad_content_length: said(TRY_AGAIN),
  field_required: ({ words }) => `${words.ask}.`,
  field_not_text: ({ words }) => `${words.ask}.`,
  field_bad_character: ({ words }) => `Remove the unusual character from the ${words.noun}.`,
  field_line_break: ({ words }) => `Write the ${words.noun} on one line.`,
  field_not_number: ({ words }) => `Use only digits for the ${words.noun}.`,
  field_not_whole_number: ({ words }) => `Use only digits for the ${words.noun}.`,
  // The only minimum a person types is a number's digits (a course number of 9 digits at least).
  // Other numbers a person types (marks) have a range rather than digits.
  number_too_small: ({ words, params }) => (words.typed ? `The ${words.noun} cannot be less than ${params.min}.` : `A ${words.noun} has at least ${String(params.min).length} digits.`),
  number_too_large: ({ words }) => (words.typed ? `The ${words.noun} is too large. Check it and try again.` : `That ${words.noun} is too long. Check it and try again.`),
  semester_out_of_range: said('Choose a semester from the list.'),
  out_of_range: ({ field, words, params }) =>
    field === 'semester' ? 'Choose a semester from the list.' : words.typed ? `The ${words.noun} must be from ${params.min} to ${params.max}.` : RELOAD,
  text_too_long: ({ field, words }) => (field === 'token' ? LINK_NOT_VALID : `The ${words.noun} is too long. Shorten it and try again.`),
  too_many_characters: ({ words, params }) => `Shorten the ${words.noun} to ${params.max} characters or fewer.`,
  too_few_characters: ({ words, params }) => `Use at least ${params.min} characters for the ${words.noun}.`,
  userrole_invalid: ({ words }) => `${words.ask}.`,
  branch_unknown: said('Choose a branch from the list.'),
  branch_filter_unknown: said('Choose a branch from the list.'),
  email_invalid: said('Enter an email address like name@example.com.'),
  not_boolean: ({ words }) => `${words.ask}.`,
  choice_invalid: ({ words }) => `${words.ask}.`,
  id_invalid: said(ADDRESS_WRONG),
  cursor_invalid: ({ field, words }) => (field === 'token' ? LINK_NOT_VALID : `That ${words.noun} is not valid.`),
  date_invalid: ({ words }) => `${words.ask}.`,
  date_not_real: ({ words }) => `That ${words.noun} does not exist. Check the day and the month.`,
  time_invalid: said('Enter a time of day, like 14:30.'),
  link_invalid: ({ words }) => `Paste the whole ${words.noun}, as your browser’s address bar shows it.`,
  path_invalid: said(ADDRESS_WRONG),
  // Zod's own words for a rule nobody coded: the field is all the sentence can go on.
  field_invalid: ({ words }) => `Check the ${words.noun} and try again.`,
  unknown_field: said(TRY_AGAIN),

  // Any upload.
  not_multipart: said(TRY_AGAIN),
  upload_too_large: said('That file is too large. Choose a smaller one.'),
  too_many_parts: said(TRY_AGAIN),
  too_many_files: said('Choose one file at a time.'),
  form_field_too_large: ({ words }) => `The ${words.noun} is too long. Shorten it and try again.`,
  too_many_fields: said(TRY_AGAIN),
  bad_field_name: said(TRY_AGAIN),
  malformed_multipart: said('The upload did not arrive whole. Try again.'),
  storage_unavailable: said('Files cannot be reached just now. Try again in a minute.'),
  file_empty: ({ words }) => `That file is empty. Choose another ${words.noun}.`,
  file_too_large: ({ words, params }) => `Choose a ${words.noun} of ${params.size} or less.`,
  file_wrong_type: ({ words, params }) =>
    `Choose a ${words.noun} that is a ${orList(list(params.types).map((name) => TYPE_TITLES.get(name) ?? name))} ${params.noun}.`,
  over_quota: ({ params }) => `This would take your uploads past your ${params.quota} of storage. Delete some of your files first.`,

  // Things that are not there (or not for this user).
  course_not_found: said('This course no longer exists.'),
  notes_not_found: said('These notes no longer exist.'),
  event_not_found: said('This event no longer exists.'),
  user_not_found: said('This person could not be found.'),
  file_not_found: said('This file could not be found. It may have been deleted.'),
  marksheet_not_found: said('This marksheet has not been uploaded yet.'),
  applicant_not_found: said('This student could not be found.'),
  application_not_found: said('That request no longer exists.'),
  notification_not_found: said('This notification no longer exists.'),
  student_not_found: said('This student could not be found.'),
  student_not_enrolled: said('This student is not in the course any more.'),

  // Who may.
  course_owner_only: said('Only the professor who created this course can do that.'),
  event_host_only: said('Only the host of this event can delete it.'),
  event_host_only_edit: said('Only the host of this event can change it.'),
  join_to_read_notes: said('Join the course to read its notes.'),

  // Conflicts.
  coursenumber_taken: said('Another course already has this course number. Check it, or choose another.'),
  already_joined: said('You have already joined this course.'),
  not_joined: said('You are not in this course.'),
  already_applied: said('You have already asked for this semester’s marksheet.'),
  marksheet_exists: said('The marksheet for this semester is already uploaded.'),
  marksheet_upload_in_progress: said('Another upload for this semester is under way. Try again in a moment.'),
  application_answered: said('This request has already been answered. Reload the page to see how.'),

  // Dates and times.
  exam_date_in_past: said('That exam date has passed. Choose today or a later day.'),
  exam_start_needed: said('Enter when the exam starts too, or leave both times empty.'),
  exam_end_needed: said('Enter when the exam ends too, or leave both times empty.'),
  exam_end_before_start: said('The exam must end after it starts.'),
  // Two forms give it: the audit log's days (`to`) and an assignment's closing time.
  dates_out_of_order: ({ field }) => (field === 'closesAt' ? 'Choose a closing time after the due time.' : 'Choose a last day on or after the first.'),
  event_day_past: said('That day has passed. Choose today or a later day.'),
  event_time_past: ({ params }) => `That time has passed. An event today can start at ${params.earliest} or later.`,

  // Accounts.
  password_too_common: said('That password is too easy to guess. Choose a longer or less common one.'),
  field_incorrect: ({ words }) => `That ${words.noun} is not right.`,
  passwords_differ: said('The two new passwords are not the same.'),
  invalid_login: said('That registration id or password is not right.'),
  registration_id_taken: said('That registration id already has an account. Log in instead.'),
  email_taken: said('That email address already belongs to an account.'),
  registration_id_reserved: said('That registration id belongs to the exam office. Check yours and try again.'),
  account_deactivated: said('This account has been deactivated. Ask the campus administration to switch it on again.'),
  choose_semester_and_branch: said('Choose your semester and branch first.'),
  signup_closed: said('Signing up is closed here: your account comes from the campus. If you have none yet, ask the campus administration.'),
  staff_code_required: said('Enter the staff signup code the campus administration gave you.'),
  same_password: said('Choose a new password that is different from your current one.'),
  set_by_registrar: ({ words }) => `The registrar sets your ${words.noun}: ask the registrar to change it.`,
  avatar_required: said('Choose a photo of yourself.'),
  reset_unavailable: said('This portal cannot send emails, so it cannot reset passwords. Ask the campus administration for help.'),
  reset_token_unknown: said(LINK_NOT_VALID),
  reset_token_used: said('This link has already been used. Ask for a new one.'),
  reset_token_expired: said('This link has expired. Ask for a new one.'),
  email_token_unknown: said('This link is not valid: a newer one may have replaced it. Change your email again from your profile for a new link.'),
  email_token_malformed: said('This link is not valid. Change your email again from your profile for a new one.'),
  email_token_used: said('This link has already been used: your email change is done.'),
  email_token_expired: said('This link has expired. Change your email again from your profile for a new one.'),
  unsubscribe_invalid: said('This unsubscribe link is not valid. Change your email settings from your profile instead.'),
  preference_needed: said('Choose how at least one kind of notification reaches you.'),

  // Marksheets.
  cannot_apply: said('You can ask only for the marksheets of semesters you have reached.'),
  semester_above_applicants: ({ params }) => `This student is in semester ${params.semester}. Choose semester ${params.semester} or an earlier one.`,

  // Files: a link the app writes itself.
  inline_invalid: said(TRY_AGAIN),

  // Events: drafting a description.
  drafting_off: said('Drafting descriptions is not available here. Write your own description.'),
  drafting_failed: said('A description could not be drafted. Try again, or write your own.'),
  drafting_timed_out: said('Drafting took too long. Try again, or write your own description.'),
};

/**
 * Words a part of the app loaded later brings with it (admin-words.ts, sign-in-words.ts,
 * document-words.ts, coursework-words.ts): its fields' words and its codes' sentences.
 */
export function addWords(words: { fields?: Partial<Record<string, FieldWords>>; sentences: Sentences }) {
  Object.assign(FIELDS, words.fields);
  Object.assign(SENTENCES, words.sentences);
}

/** The codes worded so far (the test holds them to the catalogue's). */
export const sentenceCodes = () => Object.keys(SENTENCES);

/** Whether `code` has a sentence here, with the words loaded so far (the test holds every code to one). */
export const hasSentence = (code: string): code is RefusalCode => Object.hasOwn(SENTENCES, code);

/** How a sentence speaks of `field`. */
export const fieldWords = (field: string | undefined): FieldWords => (field !== undefined ? FIELDS[field] : undefined) ?? SOME_FIELD;

/** A refusal as the API answers it (or a form's check gives it): its code, the input it concerns and its params. */
export interface RefusalLike {
  code: RefusalCode;
  field?: string | null;
  params?: RefusalParams;
}

/**
 * The sentence of a refusal, from its code, field and params; never from its English. A code
 * whose words have not loaded (or a code this app does not know) says to try again.
 */
export function refusalSentence({ code, field, params }: RefusalLike): string {
  const words = fieldWords(field ?? undefined);
  if (words.any !== undefined) return words.any;
  const say = hasSentence(code) ? SENTENCES[code] : undefined;
  return say ? say({ field: field ?? undefined, params: params ?? {}, words }) : TRY_AGAIN;
}

/** A form's check no code came with: the field is all there is to go on. */
export function uncodedSentence(field: string | undefined): string {
  const words = fieldWords(field);
  return words === SOME_FIELD ? `${SOME_FIELD.ask}.` : `Check the ${words.noun} and try again.`;
}
