import { eq } from 'drizzle-orm';
import { assignmentAttachments, assignments, courses, submissionFiles, submissions, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { isEnrolled } from '../courses';

/**
 * Who downloads an assignment's attachment: the course's owner, and its enrolled students once
 * the assignment is published (a draft's files do not exist for them).
 */
export async function canReadAttachment(db: Db, user: UserRow, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ courseId: courses.id, ownerId: courses.ownerId, published: assignments.published })
    .from(assignmentAttachments)
    .innerJoin(assignments, eq(assignments.id, assignmentAttachments.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(eq(assignmentAttachments.fileId, fileId))
    .limit(1);
  if (!row) return false;
  if (row.ownerId === user.id) return true;
  return row.published && (await isEnrolled(db, row.courseId, user.id));
}

/** Who downloads a submitted file: the student who handed it in, and the course's owner. */
export async function canReadSubmissionFile(db: Db, user: UserRow, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ studentId: submissions.studentId, ownerId: courses.ownerId })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(eq(submissionFiles.fileId, fileId))
    .limit(1);
  return row !== undefined && (row.studentId === user.id || row.ownerId === user.id);
}

/** A submitted file's download is named as it was handed in. */
export async function nameOfSubmissionFile(db: Db, fileId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: submissionFiles.name }).from(submissionFiles).where(eq(submissionFiles.fileId, fileId)).limit(1);
  return row?.name;
}
