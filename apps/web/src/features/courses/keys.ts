import type { ALL_BRANCHES } from '@campus/contract/constants';
import type { Branch } from '@campus/contract/constants';

/**
 * Every course query lives under this prefix, so a mutation that changes courses (join, leave,
 * create, edit, delete, remove a student) can mark all of them stale with one invalidation:
 * a course shows up in lists, in its own page, in its enrolled list and on the hall ticket.
 */
export const coursesKey = ['courses'] as const;

export type SemesterFilter = number; // 1..8, or 9 (ALL_SEMESTERS) for all
export type BranchFilter = Branch | typeof ALL_BRANCHES;

export const courseKeys = {
  browse: (filter: { title: string; semester: SemesterFilter; branch: BranchFilter }) => [...coursesKey, 'browse', filter] as const,
  mine: (role: 'student' | 'professor', semester: SemesterFilter, branch: BranchFilter) => [...coursesKey, 'mine', role, { semester, branch }] as const,
  /** One course and everything hanging off it: removing this prefix forgets a deleted course entirely. */
  course: (courseId: string) => [...coursesKey, 'course', courseId] as const,
  students: (courseId: string) => [...coursesKey, 'course', courseId, 'students'] as const,
  notes: (courseId: string) => [...coursesKey, 'course', courseId, 'notes'] as const,
};
