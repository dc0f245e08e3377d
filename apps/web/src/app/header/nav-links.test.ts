import { describe, expect, it } from 'vitest';
import type { StoredUser } from '../../lib/secure-store';
import { navLinks } from './nav-links';

const base: StoredUser = { _id: 'u', fullname: 'A', avatar: '', registrationId: 211070001, userrole: 2, isExamOffice: false, isAdmin: false };
const labels = (v: StoredUser | null) => navLinks(v).map((l) => l.label);

describe('header visibility rules (docs/product.md#header)', () => {
  it('logged out: Home, Login, Signup, Professor Signup only; no signups while signup is closed', () => {
    expect(labels(null)).toEqual(['Home', 'Login', 'Signup', 'Professor Signup']);
    expect(navLinks(null, false).map((l) => l.label)).toEqual(['Home', 'Login']);
    expect(navLinks(base, false).map((l) => l.label)).toEqual(labels(base));
  });
  it('student: courses, Admit Card, Marksheet and My marks; no Add Course', () => {
    expect(labels(base)).toEqual(['Home', 'Courses', 'My Courses', 'Admit Card', 'Marksheet', 'My marks']);
  });
  it('professor: courses and Add Course; no Admit Card', () => {
    expect(labels({ ...base, userrole: 1 })).toEqual(['Home', 'Courses', 'My Courses', 'Add Course']);
  });
  it('exam office (flag): no course items, Applications', () => {
    expect(labels({ ...base, userrole: 1, isExamOffice: true, registrationId: 211070007 })).toEqual(['Home', 'Applications']);
  });
  it('administrator (flag): Administration after their other links; nobody else has it', () => {
    expect(labels({ ...base, userrole: 1, isAdmin: true })).toEqual(['Home', 'Courses', 'My Courses', 'Add Course', 'Administration']);
    expect(labels({ ...base, userrole: 1, isExamOffice: true, isAdmin: true })).toEqual(['Home', 'Applications', 'Administration']);
    for (const viewer of [null, base, { ...base, userrole: 1 as const }, { ...base, userrole: 1 as const, isExamOffice: true }]) {
      expect(labels(viewer)).not.toContain('Administration');
    }
  });

});
