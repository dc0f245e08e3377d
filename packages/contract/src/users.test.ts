import { describe, expect, it } from 'vitest';
import { changePasswordBody, confirmEmailBody, loginBody, registerBody, updateAccountBody } from './users';
import { branchFilterField, semesterFilterField } from './fields';

const validRegister = {
  registrationId: '211070001',
  email: 'Ada@Example.com',
  fullname: ' Ada Lovelace ',
  password: 'correct horse battery',
  semester: '3',
  branch: 'Computer Engineering',
  userrole: '2',
};

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('registerBody', () => {
  it('accepts numeric strings and answers numbers', () => {
    const r = registerBody.parse(validRegister);
    expect(r.registrationId).toBe(211070001);
    expect(r.semester).toBe(3);
    expect(r.userrole).toBe(2);
    expect(r.fullname).toBe('Ada Lovelace');
  });

  it('defaults the semester', () => {
    const { semester: _s, ...rest } = validRegister;
    expect(registerBody.parse(rest).semester).toBe(1);
  });

  it('requires the branch, naming it', () => {
    const { branch: _b, ...rest } = validRegister;
    expect(firstError(registerBody.safeParse(rest))).toBe('Branch is required');
  });

  it.each([
    ['Elecrical Engineering', 'Electrical Engineering'],
    ['Eletronics Engineering', 'Electronics Engineering'],
  ])('stores the misspelling %s as %s', (input, stored) => {
    expect(registerBody.parse({ ...validRegister, branch: input }).branch).toBe(stored);
  });

  it.each([
    [{ registrationId: '99999999' }, 'Registration ID must be at least 100000000'],
    [{ registrationId: '' }, 'Registration ID is required'],
    [{ registrationId: 'abc' }, 'Registration ID must be a number'],
    [{ registrationId: 2.5e8 + 0.5 }, 'Registration ID must be a whole number'],
    [{ semester: '9' }, 'Semester must be between 1 and 8'],
    [{ semester: 0 }, 'Semester must be between 1 and 8'],
    [{ branch: 'Basket Weaving' }, 'Branch must be one of the nine branches'],
    [{ email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ fullname: '   ' }, 'Full name is required'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ userrole: '3' }, 'Role must be 1 (professor) or 2 (student)'],
  ])('refuses %o with a message naming the field', (patch, message) => {
    expect(firstError(registerBody.safeParse({ ...validRegister, ...patch }))).toBe(message);
  });

  it('names a missing field', () => {
    const { email: _e, ...rest } = validRegister;
    expect(firstError(registerBody.safeParse(rest))).toBe('Email is required');
  });
});

describe('loginBody', () => {
  it('takes the id as a string or a number', () => {
    expect(loginBody.parse({ registrationId: '211070001', password: 'x' }).registrationId).toBe(211070001);
    expect(loginBody.parse({ registrationId: 211070001, password: 'x' }).registrationId).toBe(211070001);
  });
  it('requires the password', () => {
    expect(firstError(loginBody.safeParse({ registrationId: 211070001 }))).toBe('Password is required');
  });
});

describe('updateAccountBody', () => {
  it('drops fields a caller may not set', () => {
    const r = updateAccountBody.parse({
      email: 'a@b.co',
      fullname: 'A',
      branch: 'Civil Engineering',
      semester: 2,
      registrationId: 1,
      userrole: 1,
      isExamOffice: true,
    });
    expect(r).toEqual({ email: 'a@b.co', fullname: 'A', branch: 'Civil Engineering', semester: 2 });
  });

  it('takes the current password as any text, optional (the server asks for it when the email changes)', () => {
    const body = { email: 'a@b.co', fullname: 'A', branch: 'Civil Engineering', semester: 2 };
    expect(updateAccountBody.parse({ ...body, currentPassword: ' any text at all ' }).currentPassword).toBe(' any text at all ');
    expect(firstError(updateAccountBody.safeParse({ ...body, currentPassword: 'a\u0000b' }))).toBe('Current password contains a character that is not allowed');
    expect(firstError(updateAccountBody.safeParse({ ...body, currentPassword: 'x'.repeat(1025) }))).toBe('Current password is too long');
    expect(firstError(updateAccountBody.safeParse({ ...body, currentPassword: 12345678 }))).toBe('Current password must be text');
  });
});

describe('confirmEmailBody', () => {
  it('needs a token of sensible length, naming it', () => {
    expect(confirmEmailBody.parse({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(firstError(confirmEmailBody.safeParse({}))).toBe('Token is required');
    expect(firstError(confirmEmailBody.safeParse({ token: '' }))).toBe('Token is required');
    expect(firstError(confirmEmailBody.safeParse({ token: 'x'.repeat(201) }))).toMatch(/^Token is not valid/);
  });
});

describe('changePasswordBody', () => {
  it('applies the password rules to the new password', () => {
    expect(firstError(changePasswordBody.safeParse({ oldpassword: 'whatever', newpassword: 'short' }))).toBe(
      'New password must be at least 8 characters',
    );
  });
});

describe('filters', () => {
  it('treats absent and 9 as every semester, absent as every branch', () => {
    expect(semesterFilterField.parse(undefined)).toBe(9);
    expect(semesterFilterField.parse('4')).toBe(4);
    expect(branchFilterField.parse(undefined)).toBe('All');
    expect(branchFilterField.parse('Elecrical Engineering')).toBe('Electrical Engineering');
    expect(semesterFilterField.safeParse('10').success).toBe(false);
  });
});
