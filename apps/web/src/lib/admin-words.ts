/**
 * The words only the administration's pages need: their search and filters, a user's roles and
 * state, the roster's upload, and the refusals of those calls, by code. Added to lib/words when
 * this module loads, which only those pages do (features/admin/RequireAdmin.tsx), so the first
 * load of every other page stays without them. `words.test.ts` loads it too, and holds every code
 * of the catalogue to a sentence.
 */
import type { RefusalCode } from '@campus/contract/refusals';
import { orList } from '@campus/contract/plain-words';
import { addWords, fieldWords, refusalSentence, TRY_AGAIN, type RefusalLike, type Sentence, type Sentences } from './words';

const RELOAD_LIST = 'Reload the page and try again';

/** Text that may lack a capital or a full stop, as a sentence. */
const sentenceOf = (text: string) => {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

const sentences: Sentences = {
  action_unknown: () => 'Choose an action from the list.',
  last_admin: () => 'Someone must stay in charge: the last active administrator can be neither removed as administrator nor deactivated.',
  exam_office_professors_only: () => 'Only a professor can be in the exam office: make them a professor first.',
  invite_has_password: () => 'This account already has a password, so it needs no invitation. Send a reset link instead.',
  invite_unavailable: () => 'This portal cannot send emails, so it cannot send invitations.',
  sign_in_test_admins_only: () => 'Only an administrator can test a sign-in provider.',
  // The registrar's roster.
  roster_not_text: () => 'Choose a CSV file saved as UTF-8 text.',
  columns_invalid: () => 'Choose the file again: its columns could not be matched.',
  // Today's words for what zod said of the column matching: the page sent it, the registrar matches again.
  column_unknown: () => 'Check the column matching and try again.',
  column_mapped_twice: () => 'Check the column matching and try again.',
  // A roster file's rows: the registrar fixes the file, so a column is named as its header writes it.
  required_for_student: ({ words }) => `A student’s row needs a ${words.noun}.`,
  roster_no_header: () => 'The file has no header row: its first line must name the columns.',
  roster_column_twice: ({ params }) => `The header names the column “${params.column}” twice. Keep one.`,
  roster_column_unknown: ({ params }) => `The column “${params.column}” is not one this kind of file has: rename it or remove it. The template has the columns.`,
  roster_column_missing: ({ params }) => `The header has no “${params.column}” column: add it.`,
  roster_cell_count: ({ params }) => `This line has ${params.cells} cells, but the header has ${params.expected}.`,
  csv_quote_not_closed: () => 'A quoted cell is never closed: add the missing double quote.',
  csv_quote_in_cell: () => 'A double quote inside a cell must be written twice, and the cell quoted.',
  csv_unreadable: () => 'This line cannot be read as CSV.',
  roster_duplicate: ({ words, params }) => `The ${words.noun} ${params.value} is also on line ${params.first}.`,
  roster_duplicate_enrolment: ({ params }) => `Registration id ${params.registrationId} is in course ${params.coursenumber} on line ${params.first} too.`,
  roster_no_account: ({ params }) => `No account has registration id ${params.registrationId}.`,
  roster_no_course: ({ params }) => `No course has course number ${params.coursenumber}.`,
  roster_not_professor: ({ params }) => `Registration id ${params.registrationId} is not a professor’s account.`,
  roster_not_student: ({ params }) => `Registration id ${params.registrationId} is not a student’s account.`,
  roster_owns_courses: ({ params }) => `Registration id ${params.registrationId} owns courses, so it stays a professor.`,
  roster_admin_status: ({ params }) => `Registration id ${params.registrationId} is an administrator: switch an administrator off on their page, not from the roster.`,
  // An import recorded before its problems had codes: its English is all there is.
  roster_problem: ({ params }) => sentenceOf(String(params.detail)),
  roster_adoption_refused: ({ params }) =>
    `Registration ID ${params.registrationId} has an account its owner made by signing up, so the roster does not take it over. Its owner links it by signing in with the campus account and giving its password.`,
};

addWords({
  fields: {
    q: { noun: 'search', ask: 'Enter a registration id, or part of a name or email' },
    active: { noun: 'state', ask: 'Choose active or deactivated' },
    isAdmin: { noun: 'administrator role', ask: 'Choose whether they are an administrator' },
    isExamOffice: { noun: 'exam office role', ask: 'Choose whether they are in the exam office' },
    // Paging through the audit log, which the app sets itself: nothing for the reader to fix.
    actor: { noun: 'list', ask: RELOAD_LIST },
    target: { noun: 'list', ask: RELOAD_LIST },
    action: { noun: 'action', ask: 'Choose an action' },
    from: { noun: 'first day', ask: 'Choose the first day' },
    to: { noun: 'last day', ask: 'Choose the last day, on or after the first' },
    // The registrar's roster: the import's fields and the columns its rows' refusals name.
    kind: { noun: 'kind of file', ask: 'Choose whether the file holds users, courses or enrolments' },
    // The roster page sets it itself: a refusal is nothing the registrar can fix.
    dryRun: { noun: 'preview', ask: 'Preview the file first', any: TRY_AGAIN },
    file: { noun: 'file', ask: 'Choose a CSV file' },
    roster: { noun: 'roster file', ask: 'Choose a CSV file' },
    owner: { noun: 'owner', ask: 'Give the registration id of the professor who owns the course' },
    status: { noun: 'status', ask: 'Give the status' },
    // The roster page sends the column matching itself: a refusal means choosing the columns again.
    columns: { noun: 'column matching', ask: 'Match each of the file’s columns to a different roster column, or ignore it' },
  },
  sentences,
});

/**
 * A roster row's problem as a registrar reads it: about the cell, not an ask to the person filling
 * a form ("Enter your email address"). Codes whose form sentence already speaks of the file (the
 * roster's own) are said as everywhere else.
 */
const IN_A_CELL: Partial<Record<RefusalCode, Sentence>> = {
  field_required: ({ words }) => `The ${words.noun} is missing.`,
  field_not_text: ({ words }) => `The ${words.noun} is missing.`,
  semester_out_of_range: ({ params }) => `The semester must be a number from ${params.min} to ${params.max}.`,
  out_of_range: ({ words, params }) => `The ${words.noun} must be a number from ${params.min} to ${params.max}.`,
  field_not_number: ({ words }) => `The ${words.noun} must be a whole number.`,
  field_not_whole_number: ({ words }) => `The ${words.noun} must be a whole number.`,
  branch_unknown: () => 'The branch is not one of the nine branches.',
  email_invalid: () => 'This is not an email address.',
  choice_invalid: ({ words, params }) => `The ${words.noun} must be ${orList(Array.isArray(params.choices) ? params.choices : [])}.`,
  date_invalid: ({ words }) => `The ${words.noun} must be a date written YYYY-MM-DD.`,
  time_invalid: ({ words }) => `The ${words.noun} must be a time written HH:MM.`,
  too_many_characters: ({ words, params }) => `The ${words.noun} is longer than ${params.max} characters.`,
};

/** The sentence of a problem a roster file's cell has (its column is the field). */
export function cellSentence(refusal: RefusalLike): string {
  const say = IN_A_CELL[refusal.code];
  return say ? say({ field: refusal.field ?? undefined, params: refusal.params ?? {}, words: fieldWords(refusal.field ?? undefined) }) : refusalSentence(refusal);
}
