import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { courseFilterQuery, createCourseBody, pageQuery, titleSearchQuery, updateCourseBody } from './courses';
import { createEventBody, draftDescriptionBody, eventSearchQuery } from './events';
import { lineField, textField } from './fields';
import { fieldLabel } from './labels';
import { createNotesBody } from './notes';
import { changePasswordBody, loginBody, registerBody, updateAccountBody } from './users';

const firstError = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('textField', () => {
  const note = textField('note');

  it.each([
    ['a NUL', 'a\u0000b'],
    ['U+0001', '\u0001'],
    ['a vertical tab', 'a\u000bb'],
    ['an escape', '\u001b[31m'],
    ['U+007F (delete)', 'a\u007f'],
    ['U+0085 (a C1 control)', 'a\u0085b'],
    ['U+009F', '\u009f'],
    ['a lone high surrogate', 'a\ud83d'],
    ['a lone low surrogate', '\ude00b'],
    ['surrogate halves in the wrong order', '\ude00\ud83d'],
  ])('refuses %s, naming the field', (_label, value) => {
    const r = note.safeParse(value);
    expect(r.success).toBe(false);
    expect(firstError(r)).toBe('Note contains a character that is not allowed');
    // Refused once: no second message about the same value.
    expect(r.error?.issues).toHaveLength(1);
  });

  it.each([
    ['tab, newline and carriage return', 'line one\r\n\tline two\n'],
    ['emoji (surrogate pairs)', 'robots 🤖 and 👩🏽‍🔬'],
    ['accented and non-Latin text', 'Élodie Müller, Ñandú, Łódź, कंप्यूटर, 数学'],
    ['the empty string', ''],
    ['a no-break space and U+2028', 'a\u00a0b\u2028c'],
  ])('accepts %s unchanged', (_label, value) => {
    expect(note.parse(value)).toBe(value);
  });

  it('says what is wrong with a value that is not text', () => {
    expect(firstError(note.safeParse(42))).toBe('Note must be text');
    expect(firstError(textField('email', 'Email is required').safeParse(undefined))).toBe('Email is required');
  });
});

/**
 * Every text a client sends starts from textField: a NUL in any string of any request schema is
 * refused naming that field, before any other rule (an over-long or malformed value included).
 */
describe('request schemas refuse unstorable text in every string', () => {
  const schemas: [string, z.ZodType, Record<string, unknown>, string[]][] = [
    ['registerBody', registerBody, { registrationId: 211070001, email: 'a@b.co', fullname: 'Ada', password: 'correct horse battery', branch: 'Civil Engineering', userrole: 1, staffcode: 'code' }, ['email', 'fullname', 'password', 'branch', 'staffcode']],
    ['loginBody', loginBody, { registrationId: 211070001, password: 'whatever' }, ['password']],
    ['updateAccountBody', updateAccountBody, { email: 'a@b.co', fullname: 'Ada', branch: 'Civil Engineering', semester: 2 }, ['email', 'fullname', 'branch']],
    ['changePasswordBody', changePasswordBody, { oldpassword: 'old secret', newpassword: 'a whole new passphrase' }, ['oldpassword', 'newpassword']],
    ['createCourseBody', createCourseBody, { title: 'Compilers', description: 'Parsing', coursenumber: 211070500, branch: 'Civil Engineering', examDate: '2026-12-01' }, ['title', 'description', 'branch', 'examDate']],
    ['updateCourseBody', updateCourseBody, { title: 'Compilers', description: 'Parsing', semester: 2, branch: 'Civil Engineering', examDate: '2026-12-01' }, ['title', 'description', 'branch', 'examDate']],
    ['pageQuery', pageQuery, { cursor: 'abc' }, ['cursor']],
    ['courseFilterQuery', courseFilterQuery, { branch: 'Civil Engineering', cursor: 'abc' }, ['branch', 'cursor']],
    ['titleSearchQuery', titleSearchQuery, { title: 'Comp', branch: 'All', cursor: 'abc' }, ['title', 'branch', 'cursor']],
    ['createNotesBody', createNotesBody, { filename: 'Week 1' }, ['filename']],
    ['createEventBody', createEventBody, { title: 'Robotics', description: 'Night', date: '2026-05-01', time: '18:30', venue: 'Hall', instagram: 'https://instagram.com/x', twitter: 'https://x.com/x', linkedin: 'https://linkedin.com/in/x', gform: 'https://forms.gle/x' }, ['title', 'description', 'date', 'time', 'venue', 'instagram', 'twitter', 'linkedin', 'gform']],
    ['eventSearchQuery', eventSearchQuery, { title: 'Robo' }, ['title']],
    ['draftDescriptionBody', draftDescriptionBody, { title: 'Robotics' }, ['title']],
  ];

  for (const [name, schema, valid, fields] of schemas) {
    it(`${name}: ${fields.join(', ')}`, () => {
      expect(schema.safeParse(valid).success, `${name} accepts its valid input`).toBe(true);
      for (const field of fields) {
        const value = String(valid[field]);
        const withNul = `${value.slice(0, 2)}\u0000${value.slice(2)}`;
        expect(firstError(schema.safeParse({ ...valid, [field]: withNul })), `${name}.${field}`).toBe(`${fieldLabel(field)} contains a character that is not allowed`);
      }
    });
  }
});

const LINE_BREAKS: [string, string][] = [
  ['a newline', '\n'],
  ['a carriage return', '\r'],
  ['CRLF', '\r\n'],
  ['U+2028 (line separator)', '\u2028'],
  ['U+2029 (paragraph separator)', '\u2029'],
];

describe('lineField', () => {
  const venue = lineField('venue');

  it.each(LINE_BREAKS)('refuses %s, naming the field once', (_label, lineBreak) => {
    const r = venue.safeParse(`Main${lineBreak}Hall`);
    expect(firstError(r)).toBe('Venue must not contain a line break');
    expect(r.error?.issues).toHaveLength(1);
  });

  it('refuses a trailing line break too (trimming does not hide it)', () => {
    expect(firstError(venue.trim().safeParse('Main Hall\n'))).toBe('Venue must not contain a line break');
  });

  it.each([
    ['a vertical tab', 'a\u000bb'],
    ['a form feed', 'a\u000cb'],
    ['NEL (U+0085)', 'a\u0085b'],
  ])('refuses %s as a character that is not allowed, as every text field does', (_label, value) => {
    expect(firstError(venue.safeParse(value))).toBe('Venue contains a character that is not allowed');
  });

  it.each([
    ['tabs and spaces', 'Main\tHall  2'],
    ['non-Latin text and emoji', 'सभागार 🎭'],
  ])('accepts %s unchanged', (_label, value) => {
    expect(venue.parse(value)).toBe(value);
  });
});

/**
 * Names, emails, titles, venues and file names are one line in every request schema that takes
 * them, JSON bodies and multipart fields alike; descriptions keep their newlines.
 */
describe('request schemas keep single-line fields on one line', () => {
  const schemas: [string, z.ZodType, Record<string, unknown>, string[]][] = [
    ['registerBody', registerBody, { registrationId: 211070001, email: 'a@b.co', fullname: 'Ada', password: 'correct horse battery', branch: 'Civil Engineering', userrole: 1 }, ['email', 'fullname']],
    ['updateAccountBody', updateAccountBody, { email: 'a@b.co', fullname: 'Ada', branch: 'Civil Engineering', semester: 2 }, ['email', 'fullname']],
    ['createCourseBody', createCourseBody, { title: 'Compilers', description: 'Parsing', coursenumber: 211070500, branch: 'Civil Engineering' }, ['title']],
    ['updateCourseBody', updateCourseBody, { title: 'Compilers', description: 'Parsing', semester: 2, branch: 'Civil Engineering' }, ['title']],
    ['createNotesBody', createNotesBody, { filename: 'Week 1' }, ['filename']],
    ['createEventBody', createEventBody, { title: 'Robotics', description: 'Night', date: '2026-05-01', time: '18:30', venue: 'Hall' }, ['title', 'venue']],
    ['draftDescriptionBody', draftDescriptionBody, { title: 'Robotics' }, ['title']],
  ];

  for (const [name, schema, valid, fields] of schemas) {
    it(`${name}: ${fields.join(', ')}`, () => {
      expect(schema.safeParse(valid).success, `${name} accepts its valid input`).toBe(true);
      for (const field of fields) {
        for (const [label, breakIt] of LINE_BREAKS) {
          const value = String(valid[field]);
          const broken = `${value.slice(0, 2)}${breakIt}${value.slice(2)}`;
          expect(firstError(schema.safeParse({ ...valid, [field]: broken })), `${name}.${field} with ${label}`).toBe(`${fieldLabel(field)} must not contain a line break`);
        }
      }
    });
  }

  it.each([
    ['createCourseBody', createCourseBody, { title: 'Compilers', description: 'Parsing\r\nand\u2028more', coursenumber: 211070500, branch: 'Civil Engineering' }],
    ['updateCourseBody', updateCourseBody, { title: 'Compilers', description: 'Parsing\nand more', semester: 2, branch: 'Civil Engineering' }],
    ['createEventBody', createEventBody, { title: 'Robotics', description: 'Night\n\nof robots', date: '2026-05-01', time: '18:30', venue: 'Hall' }],
  ] as const)('%s: the description keeps its newlines', (_name, schema, valid) => {
    expect((schema.parse(valid) as { description: string }).description).toBe(valid.description);
  });
});
