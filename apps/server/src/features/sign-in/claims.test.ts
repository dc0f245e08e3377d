import { refusal } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import type { OidcProviderConfig } from '../../platform/config/config';
import { claimValue, readClaims, roleColumns } from './claims';

const provider: OidcProviderConfig = {
  id: 'campus',
  type: 'oidc',
  label: 'Campus account',
  issuer: 'https://login.example.edu',
  clientId: 'portal',
  clientSecret: 'secret',
  claims: { registrationId: 'student_id', email: 'email', fullname: 'name', semester: 'semester', branch: 'department' },
  roles: [
    { claim: 'groups', value: 'exam-office', role: 'examOffice' },
    { claim: 'groups', value: 'faculty', role: 'professor' },
    { claim: 'realm_access.roles', value: 'students', role: 'student' },
  ],
};
const asha = { sub: 's1', student_id: '211070301', email: 'asha@campus.test', name: 'Asha Rao', semester: 5, department: 'Information Technology', realm_access: { roles: ['students'] } };

describe('reading a provider’s claims', () => {
  it('gives the account and the first rule that matches; numbers may arrive as text, a rule may look into nested claims', () => {
    expect(readClaims(provider, asha)).toEqual({
      ok: true,
      account: { registrationId: 211070301, email: 'asha@campus.test', fullname: 'Asha Rao', semester: 5, branch: 'Information Technology' },
      matched: { rule: 3, claim: 'realm_access.roles', value: 'students', role: 'student' },
    });
  });

  it('takes the first matching rule, in the order written, from a claim holding a list', () => {
    const verdict = readClaims(provider, { ...asha, groups: ['faculty', 'exam-office'] });
    expect(verdict.ok && verdict.matched).toMatchObject({ rule: 1, role: 'examOffice' });
  });

  it('refuses someone no rule matches with the no-role message, before anything else', () => {
    expect(readClaims(provider, { sub: 'alum' })).toMatchObject({ ok: false, code: 'no_role', refusal: refusal('no_role'), matched: null });
  });

  it('names a claim that is missing or unusable', () => {
    expect(readClaims(provider, { ...asha, student_id: undefined })).toMatchObject({ ok: false, code: 'claims_unusable', refusal: refusal('claim_missing', { field: 'registrationId', params: { claim: 'student_id' } }) });
    const badSemester = readClaims(provider, { ...asha, semester: 11 });
    expect(badSemester.ok).toBe(false);
    expect(!badSemester.ok && badSemester.refusal).toMatchObject({ code: 'claim_invalid', field: 'semester', params: { claim: 'semester' } });
    expect(!badSemester.ok && badSemester.refusal.message).toMatch(/^your campus account's semester cannot be used: Semester must be/);
    expect(readClaims(provider, { ...asha, email: ['a@x.edu', 'b@x.edu'] })).toMatchObject({ ok: false, code: 'claims_unusable', refusal: refusal('claim_invalid', { field: 'email', params: { claim: 'email', detail: 'it holds more than one value' } }) });
  });

  it('leaves semester and branch null when the directory releases none, and takes a one-value list as its value', () => {
    const verdict = readClaims(provider, { ...asha, semester: undefined, department: undefined, email: ['asha@campus.test'] });
    expect(verdict.ok && verdict.account).toMatchObject({ semester: null, branch: null, email: 'asha@campus.test' });
  });

  it('finds a claim by its whole name before a dotted path', () => {
    expect(claimValue({ 'a.b': 1, a: { b: 2 } }, 'a.b')).toBe(1);
    expect(claimValue({ a: { b: 2 } }, 'a.b')).toBe(2);
    expect(claimValue({ a: [1] }, 'a.0')).toBeUndefined();
  });

  it('gives examOffice and admin as professor accounts carrying their flag', () => {
    expect(roleColumns('student')).toEqual({ userrole: 2, isExamOffice: false, isAdmin: false });
    expect(roleColumns('examOffice')).toEqual({ userrole: 1, isExamOffice: true, isAdmin: false });
    expect(roleColumns('admin')).toEqual({ userrole: 1, isExamOffice: false, isAdmin: true });
  });
});
