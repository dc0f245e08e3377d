import type { AuditEntry, AuditPerson } from '@campus/contract/audit';
import type { User } from '@campus/contract/users';
import { aProfessor, aStudent, aUser } from '../../test/fixtures';

export const student = aStudent();
export const professor = aProfessor();
export const admin = aUser({ _id: '5f0c7d1e-0000-4000-8000-000000000009', registrationId: 100000000, fullname: 'Campus Admin', email: 'admin@campus.local', userrole: 1, isAdmin: true });

export const personOf = (user: User): AuditPerson => ({ _id: user._id, fullname: user.fullname, registrationId: user.registrationId });

/** An entry: `patch` sets the action, the people and what changed. */
export function anEntry(patch: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: `entry-${Math.random().toString(36).slice(2)}`,
    at: '2026-11-25T09:30:00.000Z',
    action: 'course.student_removed',
    actor: personOf(professor),
    target: personOf(student),
    details: { course: { _id: 'c1', coursenumber: 101, title: 'Thermodynamics' } },
    ip: '203.0.113.7',
    ...patch,
  };
}
