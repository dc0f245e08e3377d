import { coursesKey } from '../courses';

/**
 * The admit card's two reads (searchbystudent, examdates). The rule: they have none of their
 * own. They sit under the courses prefix, so a join, a leave or an edited exam date, which
 * marks every course query stale (courses/keys.ts), refreshes the admit card too.
 */
export const hallTicketKeys = {
  courses: [...coursesKey, 'by-student'] as const,
  examDates: [...coursesKey, 'examdates'] as const,
};
