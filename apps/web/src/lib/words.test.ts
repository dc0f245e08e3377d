import { api } from '@campus/contract/api';
import { FILE_LIMITS, type FileKind } from '@campus/contract/constants';
import type { Endpoint } from '@campus/contract/endpoint';
import { LIMIT_REASONS, type LimitReason } from '@campus/contract/limit-reasons';
import { refusal, refusalOfMessage, REFUSAL_CODES, type ParamsOf, type Refusal, type RefusalCode } from '@campus/contract/refusals';
import { changePasswordBody } from '@campus/contract/users';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiError, errorText, NETWORK_ERROR } from './api';
import { checkSentence } from './checks';
import { fileProblem } from './forms';
import { hasSentence, refusalSentence, sentenceCodes, TRY_AGAIN } from './words';
// The administration's, the campus sign-in's, the signed documents' and coursework's words, as
// their pages add them: every code of the catalogue is held to a sentence.
import './admin-words';
import './sign-in-words';
import './document-words';
import './coursework-words';

/** Values that break some rule of some field: each field's schema says why, by a code of the catalogue. */
const BAD_VALUES: unknown[] = [
  undefined, null, '', '   ', 'abc', 'a\u0000b', 'a\nb', -5, 1.5, 0, 9, 10, 99, 10 ** 13, '10', true,
  'x'.repeat(300), 'x'.repeat(2100), 'x'.repeat(6000), '2026-02-30', '2026/01/01', '1850-01-01', '25:99',
  'javascript:alert(1)', 'not-an-email', 'Elecrical', 'nope',
];

const endpoints = (table: object): Endpoint[] =>
  Object.values(table).flatMap((v: object) => ('method' in v && 'path' in v ? [v as Endpoint] : endpoints(v)));

/** Every message the contract's request schemas give, field by field, for every bad value, with the field. */
function schemaMessages(): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  const schemas = endpoints(api).flatMap((e) => [e.body, e.query, e.multipart?.fields]).filter((s): s is z.ZodType => s !== undefined);
  for (const schema of [...schemas, changePasswordBody]) {
    const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    for (const [name, field] of Object.entries(shape)) {
      for (const value of BAD_VALUES) {
        const result = field.safeParse(value);
        if (!result.success) for (const issue of result.error.issues) found.set(issue.message, name);
      }
    }
    // Whole-body rules: at least one preference, a new password that differs.
    const whole = schema.safeParse({ oldpassword: 'same password', newpassword: 'same password' });
    if (!whole.success) for (const issue of whole.error.issues) found.set(issue.message, issue.path[0]?.toString());
  }
  return found;
}

/** What a code's sentence needs, for the codes whose English needs params: one of each. */
const SAMPLE_PARAMS: { [C in RefusalCode]?: ParamsOf<C> } = {
  route_not_found: { method: 'GET', path: '/api/v1/nowhere' },
  rate_limited: { limit: 'login_address', retryAfterSeconds: 180 },
  instance_not_ready: { state: 'draining' },
  number_too_small: { min: 100000000 },
  semester_out_of_range: { min: 1, max: 8 },
  out_of_range: { min: 1, max: 100 },
  too_many_characters: { max: 80 },
  too_few_characters: { min: 8 },
  choice_invalid: { choices: ['inapp', 'immediate', 'daily'] },
  dates_out_of_order: { after: 'from' },
  field_invalid: { detail: 'Invalid input' },
  unknown_field: { keys: ['extra'] },
  file_too_large: { size: '5 MB' },
  file_wrong_type: { types: FILE_LIMITS.avatar.typeNames, noun: 'image' },
  over_quota: { quota: '1024 MB' },
  event_time_past: { earliest: '14:05' },
  preference_needed: { kinds: ['courses', 'notes'] },
  claim_missing: { claim: 'mail' },
  claim_invalid: { claim: 'semester', detail: 'Semester must be between 1 and 8' },
  semester_above_applicants: { semester: 3 },
  column_unknown: { column: 'Roll', kind: 'users', known: ['registrationId', 'email'] },
  column_mapped_twice: { column: 'email', from: ['Mail', 'E-mail'] },
  roster_adoption_refused: { registrationId: 211070001 },
  roster_column_twice: { column: 'email' },
  roster_column_unknown: { column: 'Roll', known: ['email', 'fullname'] },
  roster_column_missing: { column: 'email' },
  roster_cell_count: { cells: 5, expected: 7 },
  roster_duplicate: { value: 211070001, first: 3 },
  roster_duplicate_enrolment: { registrationId: 211070001, coursenumber: 100000001, first: 3 },
  roster_no_account: { registrationId: 211070001 },
  roster_no_course: { coursenumber: 100000001 },
  roster_not_professor: { registrationId: 211070001 },
  roster_not_student: { registrationId: 211070001 },
  roster_owns_courses: { registrationId: 211070001 },
  roster_admin_status: { registrationId: 211070001 },
  roster_problem: { detail: 'email already in use' },
  submission_too_large: { size: '100 MB' },
  too_many_items: { max: 10 },
  rubric_total_mismatch: { total: 18, maxMarks: 20 },
};

/** A code's refusal, as the server would answer it: its catalogue field (or one it may concern) and sample params. */
const sample = (code: RefusalCode): Refusal => refusal(code as 'not_found', { params: SAMPLE_PARAMS[code] as undefined }) as Refusal;

/** What a student should never have to read: format codes, wire words, JSON keys. */
const JARGON = /YYYY|MM-DD|HH:MM|\binapp\b|One-Click|multipart|JSON|\bnull\b|undefined|NaN|\[object|\b[a-z]+[A-Z]\w*|_|\(\w+\)/;

/** Said as a sentence: a capital, a full stop, no wire words. */
function expectSentence(said: string) {
  expect(said).toMatch(/^[A-Z0-9]/);
  expect(said).toMatch(/[.!?]$/);
  expect(said).not.toMatch(JARGON);
}

describe('every code of the catalogue has a sentence, and every sentence a code', () => {
  it.each(REFUSAL_CODES.map((code) => [code]))('%s', (code) => {
    expect(hasSentence(code), `no sentence for "${code}" in lib/words.ts (or admin-, sign-in-, document-, coursework-words.ts)`).toBe(true);
    expectSentence(refusalSentence(sample(code)));
  });

  it('words no code the catalogue does not have', () => {
    const known = new Set<string>(REFUSAL_CODES);
    expect(sentenceCodes().filter((code) => !known.has(code))).toEqual([]);
  });

  it('every message a contract schema gives reads as a sentence, most of them by their code', () => {
    const messages = schemaMessages();
    expect(messages.size).toBeGreaterThan(60);
    const coded = [...messages.keys()].filter((message) => refusalOfMessage(message) !== undefined);
    expect(coded.length).toBeGreaterThan(60);
    expect(coded).toContain(refusal('date_invalid', { field: 'examDate' }).message);
    for (const [message, field] of messages) expectSentence(checkSentence(message, field));
  });

  it('words every rate limit, and says when it lifts as the catalogue does', () => {
    for (const limit of Object.keys(LIMIT_REASONS) as LimitReason[]) {
      expectSentence(refusalSentence(refusal('rate_limited', { params: { limit, retryAfterSeconds: 45 } })));
    }
  });
});

describe('refusalSentence', () => {
  it('says the refusals the issue names as a student would read them', () => {
    expect(refusalSentence(refusal('date_invalid', { field: 'date' }))).toBe('Enter a date.');
    expect(refusalSentence(refusal('invalid_login'))).toBe('That registration id or password is not right.');
    expect(refusalSentence(refusal('reset_token_used'))).toBe('This link has already been used. Ask for a new one.');
    expect(refusalSentence(refusal('field_required', { field: 'registrationId' }))).toBe('Enter your registration id.');
    expect(refusalSentence(refusal('avatar_required'))).toBe('Choose a photo of yourself.');
    expect(refusalSentence(refusal('rate_limited', { params: { limit: 'login_address', retryAfterSeconds: 180 } }))).toBe(
      'There have been too many wrong passwords from your network. Try again in 3 minutes.',
    );
    expect(refusalSentence(refusal('too_many_characters', { field: 'title', params: { max: 80 } }))).toBe('Shorten the title to 80 characters or fewer.');
  });

  it('never reads the English: a reworded message leaves the sentence as it was', () => {
    const answered = refusal('set_by_registrar', { field: 'semester' });
    const reworded = { ...answered, message: 'the moon is made of cheese' };
    expect(refusalSentence(reworded)).toBe(refusalSentence(answered));
    expect(refusalSentence(reworded)).toBe('The registrar sets your semester: ask the registrar to change it.');
    const refused = new ApiError(403, 'the moon is made of cheese', ['the moon is made of cheese'], 'set_by_registrar', 'semester');
    expect(errorText(refused)).toBe('The registrar sets your semester: ask the registrar to change it.');
  });

  it('says why a campus sign-in was refused, and what a provider’s claims lacked', () => {
    expect(refusalSentence(refusal('no_role'))).toBe('Your campus account has no role in this portal. If you think it should, ask the registrar’s office.');
    expect(refusalSentence(refusal('sign_in_expired'))).toBe('This sign-in took too long or was already used. Please start again.');
    expect(refusalSentence(refusal('claim_missing', { field: 'email', params: { claim: 'mail' } }))).toBe(
      'Your campus account did not give this portal its email (claim “mail”). Ask campus IT for help.',
    );
    // What the provider sends back is nobody's to correct: the sign-in starts again.
    expect(refusalSentence(refusal('text_too_long', { field: 'state' }))).toBe('The campus sign-in could not be completed. Please start again.');
  });

  it('writes a wrong file type with the formats as the contract titles them', () => {
    const wrongType = (kind: FileKind) => refusal('file_wrong_type', { field: kind, params: { types: FILE_LIMITS[kind].typeNames, noun: FILE_LIMITS[kind].noun } });
    expect(refusalSentence(wrongType('notesfile'))).toBe('Choose a notes file that is a PDF, PNG, JPEG, plain text, DOCX, PPTX, XLSX or ZIP file.');
    expect(refusalSentence(wrongType('avatar'))).toBe('Choose a photo that is a PNG or JPEG image.');
    expect(fileProblem(new File(['x'], 'x.exe', { type: 'application/x-msdownload' }), 'avatar')).toBe(refusalSentence(wrongType('avatar')));
  });

  it('speaks of a field whose words have not loaded in general, and of a code it does not know as something to try again', () => {
    expect(refusalSentence({ code: 'field_required', field: 'noSuchField' })).toBe('Check what you entered and try again.');
    expect(refusalSentence({ code: 'no_such_code' as RefusalCode })).toBe(TRY_AGAIN);
  });
});

describe('errorText', () => {
  it('words a refusal by its code, and a failure without one as something to try again', () => {
    expect(errorText(new ApiError(404, 'course not found', undefined, 'course_not_found'))).toBe('This course no longer exists.');
    // A proxy's HTML error page: no envelope, no code.
    expect(errorText(new ApiError(502, 'Request failed (502)'))).toBe(TRY_AGAIN);
    expect(errorText(new ApiError(0, NETWORK_ERROR))).toBe(NETWORK_ERROR);
    expect(errorText(new TypeError('x is undefined'))).toBe(TRY_AGAIN);
  });
});
