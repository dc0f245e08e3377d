import { describe, expect, it } from 'vitest';
import { adminAuditQuery, adminUpdateUserBody, adminUsersQuery } from './admin';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('adminUsersQuery', () => {
  it('reads active as a boolean and pages 50 unless asked', () => {
    expect(adminUsersQuery.parse({ q: ' ada ', active: 'false' })).toEqual({ q: 'ada', active: false, limit: 50 });
    expect(adminUsersQuery.parse({ active: 'true', limit: '200' })).toEqual({ active: true, limit: 200 });
  });

  it.each([
    [{ role: 'dean' }, 'Role must be student, professor, examOffice or admin'],
    [{ active: 'yes' }, 'Active must be true or false'],
    [{ limit: '201' }, 'Limit must be between 1 and 200'],
    [{ q: 'a\nb' }, 'Search must not contain a line break'],
  ])('refuses %o naming the field', (query, message) => {
    expect(firstError(adminUsersQuery.safeParse(query))).toBe(message);
  });
});

describe('adminUpdateUserBody', () => {
  it('takes any of the fields and leaves the rest out', () => {
    expect(adminUpdateUserBody.parse({ isAdmin: true, semester: '4' })).toEqual({ isAdmin: true, semester: 4 });
  });

  it('refuses a role flag that is not a boolean, naming it', () => {
    expect(firstError(adminUpdateUserBody.safeParse({ isExamOffice: 'true' }))).toBe('Exam office must be true or false');
  });
});

describe('adminAuditQuery', () => {
  it('refuses an unknown action and an id that is not one', () => {
    expect(firstError(adminAuditQuery.safeParse({ action: 'user.deleted' }))).toBe('Action is not a known action');
    expect(firstError(adminAuditQuery.safeParse({ actor: 'x' }))).toBe('Actor is not a valid id');
  });
});
