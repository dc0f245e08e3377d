import { randomUUID } from 'node:crypto';
import { lateness, type Rubric } from '@campus/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { assignmentExtensions, assignments, submissions } from '../src/db/schema';
import type { Db } from '../src/platform/db/database';

/**
 * Coursework rows written straight to the tables: what the marks, gradebook, stream and reminder
 * tests start from (an assignment set, a submission handed in), whatever the routes that make
 * them answer. Each goes through the same rules (late-work.ts) the submission route applies.
 */

const HOUR = 60 * 60_000;

export interface AssignmentFields {
  kind?: 'assignment' | 'test';
  title?: string;
  maxMarks?: number;
  dueAt?: Date;
  graceMinutes?: number;
  latePenaltyPercentPerDay?: number;
  closesAt?: Date | null;
  rubric?: Rubric | null;
  published?: boolean;
  publishedAt?: Date | null;
}

/** An assignment of the course: published a week ago, due in three days, out of 10, unless said. */
export async function insertAssignment(db: Db, courseId: string, fields: AssignmentFields = {}) {
  const now = Date.now();
  const published = fields.published ?? true;
  const [row] = await db
    .insert(assignments)
    .values({
      id: randomUUID(),
      courseId,
      kind: fields.kind ?? 'assignment',
      title: fields.title ?? 'Essay one',
      instructions: '',
      maxMarks: fields.maxMarks ?? 10,
      dueAt: fields.dueAt ?? new Date(now + 72 * HOUR),
      graceMinutes: fields.graceMinutes ?? 15,
      latePenaltyPercentPerDay: fields.latePenaltyPercentPerDay ?? 10,
      closesAt: fields.closesAt ?? null,
      rubric: fields.rubric ?? null,
      published,
      publishedAt: fields.publishedAt !== undefined ? fields.publishedAt : published ? new Date(now - 7 * 24 * HOUR) : null,
    })
    .returning();
  if (!row) throw new Error('assignment not inserted');
  return row;
}

/**
 * A student's submission (text only) at `submittedAt`, replacing their previous attempt, with
 * its lateness worked out against the assignment's (or their extension's) due time.
 */
export async function insertSubmission(db: Db, assignmentId: string, studentId: string, submittedAt = new Date()) {
  const [assignment] = await db.select().from(assignments).where(eq(assignments.id, assignmentId));
  if (!assignment) throw new Error('no such assignment');
  const [extension] = await db.select().from(assignmentExtensions).where(and(eq(assignmentExtensions.assignmentId, assignmentId), eq(assignmentExtensions.studentId, studentId)));
  const dueAt = extension?.dueAt ?? assignment.dueAt;
  const { lateMinutes, penalty } = lateness({ dueAt, graceMinutes: assignment.graceMinutes, latePenaltyPercentPerDay: assignment.latePenaltyPercentPerDay }, submittedAt);
  const previous = await db
    .update(submissions)
    .set({ replacedAt: submittedAt })
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId), isNull(submissions.replacedAt)))
    .returning({ attempt: submissions.attempt });
  const [row] = await db
    .insert(submissions)
    .values({ id: randomUUID(), assignmentId, studentId, attempt: (previous[0]?.attempt ?? 0) + 1, text: 'my work', submittedAt, dueAt, lateMinutes, penalty })
    .returning();
  if (!row) throw new Error('submission not inserted');
  return row;
}
