import { describe, expect, it } from 'vitest';
import { headerOf, needsNoMapping, proposeMapping } from './column-mapping';

describe('the column mapping proposed from a file’s header', () => {
  it('reads the header row: a byte order mark, quoted cells with commas and doubled quotes, blank lines before it', () => {
    expect(headerOf('\uFEFF\r\n"Reg. No.",Email ID,"Name, in full","Say ""hi"""\r\n1,a,b,c\r\n')).toEqual(['Reg. No.', 'Email ID', 'Name, in full', 'Say "hi"']);
  });

  it('matches common names and synonyms, each roster column once, the rest ignored', () => {
    expect(proposeMapping('users', ['Sr. No.', 'Roll No.', 'E-mail', 'Name', 'Sem', 'Branch', 'Enrollment No.'])).toEqual({
      'Sr. No.': null,
      'Roll No.': 'registrationId',
      'E-mail': 'email',
      Name: 'fullname',
      Sem: 'semester',
      Branch: 'branch',
      // registrationId is Roll No.'s already.
      'Enrollment No.': null,
    });
    expect(proposeMapping('courses', ['Course Code', 'Course Name', 'Faculty ID'])).toEqual({ 'Course Code': 'coursenumber', 'Course Name': 'title', 'Faculty ID': 'owner' });
  });

  it('puts what the registrar chose before first, unless it names a column this kind lacks', () => {
    expect(proposeMapping('users', ['Sem', 'Category'], { Category: null, Sem: 'semester' })).toEqual({ Sem: 'semester', Category: null });
    expect(proposeMapping('users', ['Code'], { Code: 'coursenumber' })).toEqual({ Code: null });
  });

  it('needs no mapping when every column is already named as the roster names it', () => {
    expect(needsNoMapping(proposeMapping('users', ['registrationId', 'Email', 'FULLNAME']))).toBe(true);
    expect(needsNoMapping(proposeMapping('users', ['registrationId', 'Reg. No.']))).toBe(false);
    expect(needsNoMapping(proposeMapping('users', ['Dept']))).toBe(false);
  });
});
