import type { AuditAction } from '@campus/contract/audit';
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

  it('says the course a deletion took, and the semester of a marksheet', () => {
    expect(auditSentence(anEntry({ action: 'course.deleted' }), you)).toBe('Grace Hopper deleted Thermodynamics (course 101), which you were enrolled in.');
    expect(auditSentence(anEntry({ action: 'marksheet.uploaded', actor: personOf(professor), details: { semester: 2 } }), you)).toBe('Grace Hopper uploaded your marksheet of semester 2.');
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
