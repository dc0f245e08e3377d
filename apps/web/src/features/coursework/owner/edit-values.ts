import type { Assignment } from '@campus/contract/coursework';
import type { AssignmentFormValues } from './assignment-values';
import { campusWallClock } from './campus-clock';

/*
 * Apart from assignment-values.ts, which Add Assignment loads: reading a stored time on the
 * campus's clock takes the date functions, which only the edit form starts from.
 */

/** An assignment as the edit form starts: its fields, its times on the campus's clock. */
export function valuesOf(a: Assignment, timeZone: string): AssignmentFormValues {
  const due = campusWallClock(a.dueAt, timeZone);
  const closes = a.closesAt ? campusWallClock(a.closesAt, timeZone) : { date: '', time: '' };
  return {
    kind: a.kind,
    title: a.title,
    instructions: a.instructions,
    maxMarks: String(a.maxMarks),
    dueDate: due.date,
    dueTime: due.time,
    graceMinutes: String(a.graceMinutes),
    latePenaltyPercentPerDay: String(a.latePenaltyPercentPerDay),
    closesDate: closes.date,
    closesTime: closes.time,
    published: a.published ? 'now' : 'draft',
    rubric: (a.rubric ?? []).map((c) => ({ criterion: c.criterion, levels: c.levels.map((l) => ({ label: l.label, marks: String(l.marks) })) })),
  };
}
