import type { AuditAction, AuditEntry } from '@campus/contract/audit';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, auditSentence, changeList } from './audit-words';
import { admin, anEntry, personOf, professor, student } from './test-data';

const you = { you: student._id };

describe('an audit entry as a sentence', () => {
  it('names the reader "you" on their own activity, and everyone by name for an administrator', () => {
    const removed = anEntry();
    expect(auditSentence(removed, you)).toBe('Grace Hopper removed you from Thermodynamics (course 101).');
    expect(auditSentence(removed)).toBe('Grace Hopper removed Ada Lovelace from Thermodynamics (course 101).');
  });

  it('says what changed, old and new, in words rather than wire values', () => {
    const roles = anEntry({ action: 'user.role_changed', actor: personOf(admin), details: { changes: { isAdmin: { from: false, to: true }, userrole: { from: 2, to: 1 } } } });
    expect(auditSentence(roles, you)).toBe('Campus Admin changed your administrator role from not an administrator to administrator and role from student to professor.');
    const details = anEntry({ action: 'user.updated', actor: personOf(admin), details: { changes: { fullname: { from: 'Ada', to: 'Ada King' }, semester: { from: 3, to: 4 }, branch: { from: 'Civil Engineering', to: 'Computer Engineering' } } } });
    expect(auditSentence(details)).toBe('Campus Admin changed Ada Lovelace’s full name from “Ada” to “Ada King”, semester from 3 to 4 and branch from “Civil Engineering” to “Computer Engineering”.');
  });

  it('tells what one did oneself from what others did', () => {
    const own = anEntry({ action: 'user.password_changed', actor: personOf(student), details: {} });
    expect(auditSentence(own, you)).toBe('You changed your password.');
    expect(auditSentence(own)).toBe('Ada Lovelace changed their password.');
    const device = anEntry({ action: 'user.signed_in_new_device', actor: personOf(student), details: {} });
    expect(auditSentence(device, you)).toBe('You signed in to your account from a new device.');
  });

  it('names the roster or the portal when nobody did it by hand', () => {
    expect(auditSentence(anEntry({ action: 'import.applied', actor: null, details: { changes: { semester: { from: 3, to: 4 } } } }), you)).toBe(
      'The registrar’s roster changed your semester from 3 to 4.',
    );
    expect(auditSentence(anEntry({ action: 'user.deactivated', actor: null, details: {} }))).toBe('The portal deactivated Ada Lovelace’s account.');
  });

  describe('the campus sign-in', () => {
    it('the owner linked their campus account, named by its provider', () => {
      const linked = anEntry({ action: 'user.linked_identity', actor: personOf(student), details: { provider: 'Campus account' } });
      expect(auditSentence(linked, you)).toBe('You linked your Campus account.');
      expect(auditSentence(linked)).toBe('Ada Lovelace linked their Campus account.');
      expect(auditSentence({ ...linked, details: {} }, you)).toBe('You linked your account to a campus sign-in.');
    });

    it('what a sign-in took from the campus directory is the directory’s, named by its provider', () => {
      const updated = anEntry({ action: 'user.updated', actor: null, details: { provider: 'Campus account', changes: { semester: { from: 3, to: 4 }, branch: { from: 'Civil Engineering', to: 'Computer Engineering' } } } });
      expect(auditSentence(updated, you)).toBe('The campus directory (Campus account) changed your semester from 3 to 4 and branch from “Civil Engineering” to “Computer Engineering”.');
      expect(auditSentence(updated)).toBe('The campus directory (Campus account) changed Ada Lovelace’s semester from 3 to 4 and branch from “Civil Engineering” to “Computer Engineering”.');
      const role = anEntry({ action: 'user.role_changed', actor: null, details: { provider: 'Campus account', changes: { userrole: { from: 2, to: 1 } } } });
      expect(auditSentence(role, you)).toBe('The campus directory (Campus account) changed your role from student to professor.');
      // Without a provider, nobody's change is still the portal's.
      expect(auditSentence({ ...role, details: { changes: role.details.changes } })).toBe('The portal changed Ada Lovelace’s role from student to professor.');
    });
  });

  describe('the registrar’s roster', () => {
    const roster = (kind: 'users' | 'courses' | 'enrolments', action: 'create' | 'update' | 'remove', details: Partial<AuditEntry['details']> = {}, target = student) =>
      anEntry({ action: 'import.applied', actor: null, target: personOf(target), details: { import: { _id: 'i1', kind, action }, ...details } });
    const ds = { course: { _id: 'c2', coursenumber: 211071001, title: 'Data Structures' } };

    it('made or changed an account, and keeps its name, semester and branch from then on', () => {
      expect(auditSentence(roster('users', 'create'), you)).toBe('The registrar’s roster created your account.');
      expect(auditSentence(roster('users', 'create'))).toBe('The registrar’s roster created Ada Lovelace’s account.');
      const semester = roster('users', 'update', { changes: { semester: { from: 3, to: 4 } } });
      expect(auditSentence(semester, you)).toBe('The registrar’s roster changed your semester from 3 to 4.');
      expect(auditSentence(semester)).toBe('The registrar’s roster changed Ada Lovelace’s semester from 3 to 4.');
      const takenOver = roster('users', 'update', { changes: { semester: { from: 3, to: 4 }, managed: { from: false, to: true } } });
      expect(auditSentence(takenOver, you)).toBe('The registrar’s roster changed your semester from 3 to 4, and now keeps your full name, semester and branch.');
      const onlyTaken = roster('users', 'update', { changes: { managed: { from: false, to: true } } });
      expect(auditSentence(onlyTaken)).toBe('The registrar’s roster now keeps Ada Lovelace’s full name, semester and branch.');
      const off = roster('users', 'update', { changes: { active: { from: true, to: false }, userrole: { from: 2, to: 1 } } });
      expect(auditSentence(off, you)).toBe('The registrar’s roster changed your state from active to deactivated and role from student to professor.');
    });

    it('enrolled a student in a course, or removed them from it', () => {
      expect(auditSentence(roster('enrolments', 'create', ds), you)).toBe('The registrar’s roster enrolled you in Data Structures (course 211071001).');
      expect(auditSentence(roster('enrolments', 'remove', ds), you)).toBe('The registrar’s roster removed you from Data Structures (course 211071001).');
      expect(auditSentence(roster('enrolments', 'create', ds))).toBe('The registrar’s roster enrolled Ada Lovelace in Data Structures (course 211071001).');
      expect(auditSentence(roster('enrolments', 'remove', ds))).toBe('The registrar’s roster removed Ada Lovelace from Data Structures (course 211071001).');
    });

    it('made or changed a course, on its owner’s record', () => {
      const prof = { you: professor._id };
      expect(auditSentence(roster('courses', 'create', ds, professor), prof)).toBe('The registrar’s roster created your course Data Structures (course 211071001).');
      expect(auditSentence(roster('courses', 'create', ds, professor))).toBe('The registrar’s roster created Grace Hopper’s course Data Structures (course 211071001).');
      const changed = roster('courses', 'update', { ...ds, changes: { title: { from: 'Data Structure', to: 'Data Structures' }, description: { from: 'x', to: 'y' }, examDate: { from: null, to: '2027-05-14' } } }, professor);
      expect(auditSentence(changed, prof)).toBe(
        'The registrar’s roster changed your course Data Structures (course 211071001): title from “Data Structure” to “Data Structures”, description and exam date from not set to 14 May 2027.',
      );
      const given = roster('courses', 'update', { ...ds, changes: { owner: { from: 'u1', to: 'u2' }, semester: { from: 3, to: 5 } } }, professor);
      expect(auditSentence(given, prof)).toBe('The registrar’s roster made you the owner of Data Structures (course 211071001) and changed its semester from 3 to 5.');
      expect(auditSentence({ ...given, details: { ...given.details, changes: { owner: { from: 'u1', to: 'u2' } } } })).toBe(
        'The registrar’s roster made Grace Hopper the owner of Data Structures (course 211071001).',
      );
    });
  });

  it('says the course a deletion took, and the semester of a marksheet', () => {
    expect(auditSentence(anEntry({ action: 'course.deleted' }), you)).toBe('Grace Hopper deleted Thermodynamics (course 101), which you were enrolled in.');
    expect(auditSentence(anEntry({ action: 'marksheet.uploaded', actor: personOf(professor), details: { semester: 2 } }), you)).toBe('Grace Hopper uploaded your marksheet of semester 2.');
  });

  it('says which work of which course marks were returned, changed or extended for', () => {
    const about = { course: { _id: 'c1', coursenumber: 101, title: 'Thermodynamics' }, assignment: { _id: 'a1', title: 'Heat engines' } };
    expect(auditSentence(anEntry({ action: 'coursework.marks_returned', actor: personOf(professor), details: about }), you)).toBe('Grace Hopper returned your marks for “Heat engines” in Thermodynamics (course 101).');
    expect(auditSentence(anEntry({ action: 'coursework.marks_changed', actor: personOf(professor), details: { ...about, changes: { finalMarks: { from: 12, to: 14.5 } } } }), you)).toBe(
      'Grace Hopper changed your returned marks for “Heat engines” in Thermodynamics (course 101): final marks from 12 to 14.5.',
    );
  });

  it.each(Object.keys(ACTION_LABELS) as AuditAction[])('%s reads as a sentence with no wire words in it', (action) => {
    const said = auditSentence(anEntry({ action, details: {} }), you);
    expect(said).toMatch(/^[A-Z].*\.$/);
    expect(said).not.toMatch(/undefined|null|\b[a-z]+[A-Z]\w*|_|\[object/);
  });

  it('lists no change as nothing, one plainly, several with "and"', () => {
    expect(changeList(undefined)).toBe('');
    expect(changeList({ active: { from: true, to: false } })).toBe('state from active to deactivated');
  });
});
