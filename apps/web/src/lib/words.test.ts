import { api } from '@campus/contract/api';
import { BRANCHES, FILE_LIMITS, MESSAGES, type FileKind } from '@campus/contract/constants';
import type { Endpoint } from '@campus/contract/endpoint';
import { fieldLabels, requiredMessage } from '@campus/contract/labels';
import { FIELD_MESSAGES, LIMIT_REASONS, REFUSALS, SUCCESSES, rateLimitMessage, unsubscribedMessage } from '@campus/contract/messages';
import { NOTIFICATION_KINDS } from '@campus/contract/notifications';
import { changePasswordBody, loginBody } from '@campus/contract/users';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fileProblem } from './forms';
import { hasSentence, sentence } from './words';
// The administration's and the campus sign-in's words, as their pages add them: every contract
// message is held to a sentence.
import './admin-words';
import './sign-in-words';
import './document-words';

/** Values that break some rule of some field: each field's schema says why, in the contract's words. */
const BAD_VALUES: unknown[] = [
  undefined, null, '', '   ', 'abc', 'a\u0000b', 'a\nb', -5, 1.5, 0, 9, 10, 99, 10 ** 13, '10', true,
  'x'.repeat(300), 'x'.repeat(2100), 'x'.repeat(6000), '2026-02-30', '2026/01/01', '1850-01-01', '25:99',
  'javascript:alert(1)', 'not-an-email', 'Elecrical', 'nope',
];

const endpoints = (table: object): Endpoint[] =>
  Object.values(table).flatMap((v: object) => ('method' in v && 'path' in v ? [v as Endpoint] : endpoints(v)));

/** Every message the contract's request schemas give, field by field, for every bad value. */
function schemaMessages(): Set<string> {
  const found = new Set<string>();
  const schemas = endpoints(api).flatMap((e) => [e.body, e.query, e.multipart?.fields]).filter((s): s is z.ZodType => s !== undefined);
  for (const schema of [...schemas, changePasswordBody]) {
    const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    for (const field of Object.values(shape)) {
      for (const value of BAD_VALUES) {
        const result = field.safeParse(value);
        if (!result.success) for (const issue of result.error.issues) found.add(issue.message);
      }
    }
    // Whole-body rules: at least one preference, a new password that differs.
    const whole = schema.safeParse({ oldpassword: 'same password', newpassword: 'same password' });
    if (!whole.success) for (const issue of whole.error.issues) found.add(issue.message);
  }
  return found;
}

const fields = Object.keys(fieldLabels);
const contractMessages = [
  ...Object.values(MESSAGES),
  ...Object.values(REFUSALS),
  ...Object.values(SUCCESSES),
  ...Object.values(LIMIT_REASONS).flatMap((reason) => [rateLimitMessage(reason, '45 seconds'), rateLimitMessage(reason, '1 hour')]),
  ...NOTIFICATION_KINDS.map(unsubscribedMessage),
  ...fields.map(requiredMessage),
  ...fields.flatMap((f) => [FIELD_MESSAGES.tooCommon(f), FIELD_MESSAGES.incorrect(f), FIELD_MESSAGES.tooLong(f)]),
  ...(Object.keys(FILE_LIMITS) as FileKind[]).flatMap((f) => [
    FIELD_MESSAGES.emptyFile(f),
    FIELD_MESSAGES.fileAtMost(f, FILE_LIMITS[f].size),
    FIELD_MESSAGES.wrongType(f, FILE_LIMITS[f].describe),
    fileProblem(new File(['x'], 'x.exe', { type: 'application/x-msdownload' }), f)!,
  ]),
  FIELD_MESSAGES.semesterAtMostApplicants(3),
  ...(['fullname', 'semester', 'branch'] as const).map(FIELD_MESSAGES.setByRegistrar),
  FIELD_MESSAGES.overQuota('1024 MB'),
  // A campus account's claims that make no account (the claims' names are campus IT's).
  ...(['registrationId', 'email', 'fullname'] as const).map((field) => FIELD_MESSAGES.claimMissing(field, 'studentid')),
  FIELD_MESSAGES.claimInvalid('semester', 'Semester must be between 1 and 8'),
  FIELD_MESSAGES.claimInvalid('mail', 'it holds more than one value'),
  ...schemaMessages(),
];

/** What a student should never have to read: format codes, wire words, JSON keys. */
const JARGON = /YYYY|MM-DD|HH:MM|\binapp\b|One-Click|multipart|JSON|\bnull\b|undefined|\b[a-z]+[A-Z]\w*|_|\(\w+\)/;

describe('every message the contract lists has a sentence', () => {
  it('found the schemas’ messages, not just a few', () => {
    const messages = schemaMessages();
    expect(messages.size).toBeGreaterThan(60);
    expect(messages).toContain('Exam date must be a date (YYYY-MM-DD)');
    expect(messages).toContain(REFUSALS.samePassword);
    expect(BRANCHES.length).toBe(9);
  });

  it.each([...new Set(contractMessages)].map((m) => [m]))('%s', (message) => {
    expect(hasSentence(message), `no sentence for "${message}" in lib/words.ts`).toBe(true);
    const said = sentence(message);
    // Only a message that is a sentence already (the fixed drafting apology) stays as it is.
    if (said === message) expect(message).toBe(MESSAGES.draftFailed);
    expect(said).toMatch(/^[A-Z0-9]/);
    expect(said).toMatch(/[.!?]$/);
    expect(said).not.toMatch(JARGON);
    // Once a sentence, always that sentence: banners and fields may both pass it through.
    expect(sentence(said)).toBe(said);
  });
});

describe('sentence', () => {
  it('says the messages the issue names as a student would read them', () => {
    expect(sentence('Date must be a date (YYYY-MM-DD)')).toBe('Enter a date.');
    expect(sentence(MESSAGES.invalidLogin)).toBe('That registration id or password is not right.');
    expect(sentence(REFUSALS.resetTokenUsed)).toBe('This link has already been used. Ask for a new one.');
    expect(sentence(requiredMessage('registrationId'))).toBe('Enter your registration id.');
    expect(sentence(MESSAGES.avatarRequired)).toBe('Choose a photo of yourself.');
    expect(sentence(SUCCESSES.registered)).toBe('Your account is ready.');
    expect(sentence(rateLimitMessage(LIMIT_REASONS.loginAddress, '3 minutes'))).toBe('There have been too many wrong passwords from your network. Try again in 3 minutes.');
  });

  it('says why a campus sign-in was refused, and what a provider’s claims lacked', () => {
    expect(sentence(REFUSALS.noRole)).toBe('Your campus account has no role in this portal. If you think it should, ask the registrar’s office.');
    expect(sentence(REFUSALS.signInExpired)).toBe('This sign-in took too long or was already used. Please start again.');
    expect(sentence(FIELD_MESSAGES.claimMissing('email', 'mail'))).toBe('Your campus account did not give this portal its email (claim “mail”). Ask campus IT for help.');
    expect(sentence(FIELD_MESSAGES.claimInvalid('semester', 'Semester must be between 1 and 8'))).toBe(
      'Your campus account’s “semester” cannot be used here: Semester must be between 1 and 8. Ask campus IT for help.',
    );
    // What the provider sends back is nobody's to correct: the sign-in starts again.
    expect(sentence('State is too long')).toBe('The campus sign-in could not be completed. Please start again.');
  });

  it('writes a wrong file type with the formats as the contract titles them', () => {
    expect(sentence(FIELD_MESSAGES.wrongType('notesfile', FILE_LIMITS.notesfile.describe))).toBe(
      'Choose a notes file that is a PDF, PNG, JPEG, plain text, DOCX, PPTX, XLSX or ZIP file.',
    );
    expect(sentence(FIELD_MESSAGES.wrongType('avatar', FILE_LIMITS.avatar.describe))).toBe('Choose a photo that is a PNG or JPEG image.');
  });

  it('an empty registration id is asked for, not called "not a number"', () => {
    const result = loginBody.safeParse({ registrationId: '', password: 'x' });
    expect(result.success).toBe(false);
    expect(sentence(result.error!.issues[0]!.message)).toBe('Enter your registration id.');
    const letters = loginBody.safeParse({ registrationId: 'abc', password: 'x' });
    expect(sentence(letters.error!.issues[0]!.message)).toBe('Use only digits for the registration id.');
  });

  it('falls back on a message it does not know: capitalised, clauses as sentences, a full stop', () => {
    expect(hasSentence('the moon is made of cheese')).toBe(false);
    expect(sentence('the moon is made of cheese; try again later')).toBe('The moon is made of cheese. Try again later.');
    expect(sentence('Already a sentence!')).toBe('Already a sentence!');
    expect(sentence('')).toBe('Something went wrong. Please try again.');
    expect(sentence(undefined)).toBe('Something went wrong. Please try again.');
  });
});
