import type { Application } from '@campus/contract/marksheets';

/** One student's requests, as the exam office works through them. */
export interface StudentRequests {
  studentId: string;
  fullname: string;
  registrationId: number;
  open: Application[];
  replied: Application[];
}

/**
 * Requests grouped by the student who made them, in the order the list came (the server sends
 * open ones first, oldest first), so students waiting longest come first. A request is
 * open while `replied` is not true.
 */
export function groupByStudent(applications: Application[]): StudentRequests[] {
  const groups = new Map<string, StudentRequests>();
  for (const a of applications) {
    let group = groups.get(a.from);
    if (!group) {
      group = { studentId: a.from, fullname: a.applicant.fullname, registrationId: a.applicant.registrationId, open: [], replied: [] };
      groups.set(a.from, group);
    }
    (a.replied ? group.replied : group.open).push(a);
  }
  return [...groups.values()];
}
