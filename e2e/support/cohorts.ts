import type { Branch } from '@campus/contract/constants';

export interface Cohort {
  semester: number;
  branch: Branch;
}

/**
 * A new course notifies every student of its semester and branch, whoever made it, and journeys
 * run two at a time (playwright.config.ts): a journey that counts a student's notifications or
 * waits for a toast gives that student a cohort of its own here, one for which no other journey
 * makes a course. The other journeys keep newUser's default (semester 3, Information Technology)
 * or a cohort whose notifications they do not count.
 */
export const COHORTS = {
  /** notifications.spec: a course created in the browser raises the bell, live. */
  liveBell: { semester: 6, branch: 'Mechanical Engineering' },
  /** notifications.spec: the toast of a new course, which leads to it. */
  toast: { semester: 5, branch: 'Production Engineering' },
  /** notifications.spec: the unread count on a phone. */
  phoneBell: { semester: 2, branch: 'Textile Engineering' },
  /** notifications.spec: the exam moved, told on the admit card. */
  examMoved: { semester: 4, branch: 'Civil Engineering' },
  /** marksheets.spec: the one notification of an uploaded marksheet (semester 4: it asks for 3). */
  marksheet: { semester: 4, branch: 'Electronics Engineering' },
} as const satisfies Record<string, Cohort>;
