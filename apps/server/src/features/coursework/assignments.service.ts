import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { pages, rubricMaximum, type CreateAssignmentFields, type UpdateAssignmentBody } from '@campus/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  assignmentAttachments,
  assignmentExtensions,
  assignmentMarks,
  assignments,
  files,
  streamPosts,
  submissionFiles,
  submissions,
  type AssignmentRow,
  type CourseRow,
  type UserRow,
} from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import { insertFileRows } from '../../platform/files/files.service';
import type { StoredUpload } from '../../platform/files/upload';
import { audit, type AuditBy } from '../audit';
import { isEnrolled, professorName } from '../courses';
import { enrolledIn, type NotifyingDeps } from '../notifications';
import type { AssignmentView, AttachmentRef, StudentFacts } from './assignments.presenter';

/** What setting and changing assignments needs: the database, `notify`, and the clock. */
export interface AssignmentsDeps extends NotifyingDeps {
  now: () => Date;
}

/** What the course and its work are called in a notice. */
const inCourse = (assignment: Pick<AssignmentRow, 'title'>, course: CourseRow) => `"${assignment.title}" in "${course.title}"`;

/**
 * Publishing: the stream's post for the assignment (its title) and a notice to the class, in the
 * transaction that publishes it. A post already there (published before, unpublished since) stays.
 */
async function announce({ notify }: AssignmentsDeps, tx: Db, course: CourseRow, owner: UserRow, assignment: AssignmentRow): Promise<void> {
  await tx
    .insert(streamPosts)
    .values({ id: randomUUID(), courseId: course.id, authorId: owner.id, kind: 'assignment', text: assignment.title, assignmentId: assignment.id, createdAt: assignment.publishedAt ?? new Date() })
    .onConflictDoNothing();
  const what = assignment.kind === 'test' ? 'a class test' : 'an assignment';
  await notify(tx, enrolledIn(course.id), {
    content: `${professorName(owner.fullname)} set ${what}: ${inCourse(assignment, course)}`,
    link: pages.assignment(assignment.id),
    kind: 'coursework',
  });
}

/** Sets an assignment or a class test with its attachments; published (the default), it is posted and the class told. */
export async function createAssignment(deps: AssignmentsDeps, course: CourseRow, owner: UserRow, fields: CreateAssignmentFields, uploads: StoredUpload[]): Promise<AssignmentView> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [assignment] = await tx
      .insert(assignments)
      .values({
        id: randomUUID(),
        courseId: course.id,
        kind: fields.kind,
        title: fields.title,
        instructions: fields.instructions,
        maxMarks: fields.maxMarks,
        dueAt: new Date(fields.dueAt),
        graceMinutes: fields.graceMinutes,
        latePenaltyPercentPerDay: fields.latePenaltyPercentPerDay,
        closesAt: fields.closesAt ? new Date(fields.closesAt) : null,
        rubric: fields.rubric,
        published: fields.published,
        publishedAt: fields.published ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!assignment) throw new Error('assignment not inserted');
    const stored = await insertFileRows(tx, uploads, 'attachment', owner.id);
    const attachments: AttachmentRef[] = stored.map((f) => ({ name: f.originalName, fileId: f.id }));
    if (attachments.length > 0) {
      await tx.insert(assignmentAttachments).values(attachments.map((f, position) => ({ assignmentId: assignment.id, position, fileId: f.fileId, name: f.name })));
    }
    if (assignment.published) await announce(deps, tx, course, owner, assignment);
    return { assignment, attachments };
  });
}

/** The attachments of these assignments, in the order given, by assignment: one query for a whole list. */
async function attachmentsOf(db: Db, assignmentIds: string[]): Promise<Map<string, AttachmentRef[]>> {
  const byAssignment = new Map<string, AttachmentRef[]>(assignmentIds.map((id) => [id, []]));
  if (assignmentIds.length === 0) return byAssignment;
  const rows = await db
    .select({ assignmentId: assignmentAttachments.assignmentId, name: assignmentAttachments.name, fileId: assignmentAttachments.fileId })
    .from(assignmentAttachments)
    .where(inArray(assignmentAttachments.assignmentId, assignmentIds))
    .orderBy(asc(assignmentAttachments.assignmentId), asc(assignmentAttachments.position));
  for (const r of rows) byAssignment.get(r.assignmentId)?.push({ name: r.name, fileId: r.fileId });
  return byAssignment;
}

/**
 * Assignments with what one student has of each: their extension, latest submission and mark,
 * joined in the one query that reads the assignments (no query per assignment).
 */
function withStudentFacts(db: Db, studentId: string) {
  return db
    .select({
      assignment: assignments,
      extendedTo: assignmentExtensions.dueAt,
      submission: { attempt: submissions.attempt, submittedAt: submissions.submittedAt, lateMinutes: submissions.lateMinutes, penalty: submissions.penalty },
      mark: {
        marksHundredths: assignmentMarks.marksHundredths,
        rubric: assignmentMarks.rubric,
        feedback: assignmentMarks.feedback,
        excused: assignmentMarks.excused,
        returnedAt: assignmentMarks.returnedAt,
      },
      // The left joins' "none": drizzle gives an object of nulls for a missing joined row.
      hasSubmission: sql<boolean>`${submissions.id} is not null`,
      hasMark: sql<boolean>`${assignmentMarks.assignmentId} is not null`,
    })
    .from(assignments)
    .leftJoin(assignmentExtensions, and(eq(assignmentExtensions.assignmentId, assignments.id), eq(assignmentExtensions.studentId, studentId)))
    .leftJoin(submissions, and(eq(submissions.assignmentId, assignments.id), eq(submissions.studentId, studentId), isNull(submissions.replacedAt)))
    .leftJoin(assignmentMarks, and(eq(assignmentMarks.assignmentId, assignments.id), eq(assignmentMarks.studentId, studentId)));
}

type FactsRow = Awaited<ReturnType<ReturnType<typeof withStudentFacts>['where']>>[number];

const studentFacts = (row: FactsRow): StudentFacts => ({
  extendedTo: row.extendedTo,
  submission: row.hasSubmission ? (row.submission as NonNullable<StudentFacts['submission']>) : null,
  mark: row.hasMark ? (row.mark as NonNullable<StudentFacts['mark']>) : null,
});

/**
 * A course's work, soonest due first: all of it for the owner; for an enrolled student the
 * published work only, each with their own standing. Two queries whatever the count.
 */
export async function assignmentsOfCourse(db: Db, course: CourseRow, viewer: { as: 'owner' | 'student'; userId: string }): Promise<AssignmentView[]> {
  const order = [asc(assignments.dueAt), asc(assignments.id)];
  if (viewer.as === 'owner') {
    const rows = await db.select().from(assignments).where(eq(assignments.courseId, course.id)).orderBy(...order);
    const attachments = await attachmentsOf(db, rows.map((a) => a.id));
    return rows.map((assignment) => ({ assignment, attachments: attachments.get(assignment.id) ?? [] }));
  }
  const rows = await withStudentFacts(db, viewer.userId)
    .where(and(eq(assignments.courseId, course.id), eq(assignments.published, true)))
    .orderBy(...order);
  const attachments = await attachmentsOf(db, rows.map((r) => r.assignment.id));
  return rows.map((r) => ({ assignment: r.assignment, attachments: attachments.get(r.assignment.id) ?? [], student: studentFacts(r) }));
}

/** One assignment as its viewer sees it (the owner: as it is; a student: with their own standing). */
export async function assignmentView(db: Db, assignment: AssignmentRow, viewer: { as: 'owner' | 'student'; userId: string }): Promise<AssignmentView> {
  const attachments = (await attachmentsOf(db, [assignment.id])).get(assignment.id) ?? [];
  if (viewer.as === 'owner') return { assignment, attachments };
  const [row] = await withStudentFacts(db, viewer.userId).where(eq(assignments.id, assignment.id));
  return { assignment: row?.assignment ?? assignment, attachments, student: row ? studentFacts(row) : { extendedTo: null, submission: null, mark: null } };
}

// Deep equality, not JSON text: jsonb gives an object's keys back in its own order.
const sameRubric = (a: unknown, b: unknown) => isDeepStrictEqual(a ?? null, b ?? null);

/**
 * The rules between fields, against the stored assignment: the body alone was checked by the
 * contract, but a PATCH of only `closesAt` or only `maxMarks` must still fit what is stored.
 */
function checkAgainstStored(stored: AssignmentRow, body: UpdateAssignmentBody): void {
  const dueAt = body.dueAt ?? stored.dueAt.toISOString();
  const closesAt = body.closesAt !== undefined ? body.closesAt : (stored.closesAt?.toISOString() ?? null);
  if (closesAt && closesAt < dueAt) throw refuse('dates_out_of_order', { field: 'closesAt', params: { after: 'dueAt' } });
  const rubric = body.rubric !== undefined ? body.rubric : stored.rubric;
  const maxMarks = body.maxMarks ?? stored.maxMarks;
  if (rubric && rubricMaximum(rubric) !== maxMarks) throw refuse('rubric_total_mismatch', { params: { total: rubricMaximum(rubric), maxMarks } });
}

/**
 * Edits an assignment. A changed due time bumps its calendar revision and tells the class (once
 * published); publishing a draft posts it and tells the class; a rubric that marks were given
 * with cannot change (409). Unpublishing takes its post off the stream.
 */
export async function updateAssignment(deps: AssignmentsDeps, course: CourseRow, owner: UserRow, stored: AssignmentRow, body: UpdateAssignmentBody): Promise<AssignmentRow> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Locked: two edits at once must not both think they publish it, nor miss a mark just given.
    const [current] = await tx.select().from(assignments).where(eq(assignments.id, stored.id)).for('update');
    if (!current) throw refuse('assignment_not_found');
    checkAgainstStored(current, body);
    if (body.rubric !== undefined && !sameRubric(body.rubric, current.rubric)) {
      const [used] = await tx
        .select({ one: sql`1` })
        .from(assignmentMarks)
        .where(and(eq(assignmentMarks.assignmentId, current.id), isNotNull(assignmentMarks.rubric)))
        .limit(1);
      if (used) throw refuse('rubric_in_use', { field: 'rubric' });
    }
    const dueAt = body.dueAt !== undefined ? new Date(body.dueAt) : undefined;
    const dueChanged = dueAt !== undefined && dueAt.getTime() !== current.dueAt.getTime();
    const publishing = body.published === true && !current.published;
    const [updated] = await tx
      .update(assignments)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.instructions !== undefined ? { instructions: body.instructions } : {}),
        ...(body.maxMarks !== undefined ? { maxMarks: body.maxMarks } : {}),
        ...(dueAt ? { dueAt } : {}),
        ...(body.graceMinutes !== undefined ? { graceMinutes: body.graceMinutes } : {}),
        ...(body.latePenaltyPercentPerDay !== undefined ? { latePenaltyPercentPerDay: body.latePenaltyPercentPerDay } : {}),
        ...(body.closesAt !== undefined ? { closesAt: body.closesAt ? new Date(body.closesAt) : null } : {}),
        ...(body.rubric !== undefined ? { rubric: body.rubric } : {}),
        ...(body.published !== undefined ? { published: body.published } : {}),
        ...(publishing ? { publishedAt: now } : {}),
        // A moved due time gets its own reminder: the one sent was for the old time.
        ...(dueChanged ? { dueRevision: sql`${assignments.dueRevision} + 1`, remindedAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(assignments.id, current.id))
      .returning();
    if (!updated) throw new Error('assignment not updated');
    if (publishing) await announce(deps, tx, course, owner, updated);
    else if (dueChanged && updated.published) {
      await deps.notify(tx, enrolledIn(course.id), {
        content: `${professorName(owner.fullname)} changed the due time of ${inCourse(updated, course)}`,
        link: pages.assignment(updated.id),
        kind: 'coursework',
      });
    }
    if (body.published === false && current.published) await tx.delete(streamPosts).where(eq(streamPosts.assignmentId, current.id));
    return updated;
  });
}

/**
 * Deletes an assignment with its attachments, submissions, marks and post (the rows cascade),
 * and the file rows they named; answers the storage keys, whose bytes the caller removes after
 * the commit.
 */
export async function deleteAssignment(db: Db, assignment: AssignmentRow): Promise<string[]> {
  return db.transaction(async (tx) => {
    const attached = tx.select({ id: assignmentAttachments.fileId }).from(assignmentAttachments).where(eq(assignmentAttachments.assignmentId, assignment.id));
    const handedIn = tx
      .select({ id: submissionFiles.fileId })
      .from(submissionFiles)
      .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
      .where(and(eq(submissions.assignmentId, assignment.id), isNotNull(submissionFiles.fileId)));
    const fileIds = [...(await attached).map((r) => r.id), ...(await handedIn).flatMap((r) => (r.id ? [r.id] : []))];
    // The assignment first: its attachments hold their files (on delete restrict).
    await tx.delete(assignments).where(eq(assignments.id, assignment.id));
    if (fileIds.length === 0) return [];
    const removed = await tx.delete(files).where(inArray(files.id, fileIds)).returning({ key: files.storageKey });
    return removed.map((r) => r.key);
  });
}

/**
 * Gives one enrolled student their own due time (null takes it away), written in the audit
 * trail so the student sees it in their activity. 404 `student_not_enrolled` for anyone else.
 */
export async function setExtension(db: Db, by: AuditBy, course: CourseRow, assignment: AssignmentRow, studentId: string, dueAt: string | null, now: Date): Promise<{ studentId: string; dueAt: string | null }> {
  if (!(await isEnrolled(db, course.id, studentId))) throw refuse('student_not_enrolled');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ dueAt: assignmentExtensions.dueAt })
      .from(assignmentExtensions)
      .where(and(eq(assignmentExtensions.assignmentId, assignment.id), eq(assignmentExtensions.studentId, studentId)));
    // Nothing to take away: no change, so nothing for the trail either.
    if (!before && dueAt === null) return { studentId, dueAt };
    if (dueAt === null) {
      await tx.delete(assignmentExtensions).where(and(eq(assignmentExtensions.assignmentId, assignment.id), eq(assignmentExtensions.studentId, studentId)));
    } else {
      await tx
        .insert(assignmentExtensions)
        .values({ assignmentId: assignment.id, studentId, dueAt: new Date(dueAt), createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [assignmentExtensions.assignmentId, assignmentExtensions.studentId], set: { dueAt: new Date(dueAt), updatedAt: now } });
    }
    await audit(tx, by, {
      action: 'coursework.extension_granted',
      targetId: studentId,
      details: {
        course: { _id: course.id, coursenumber: course.coursenumber, title: course.title },
        assignment: { _id: assignment.id, title: assignment.title },
        changes: { dueAt: { from: before?.dueAt.toISOString() ?? null, to: dueAt } },
      },
    });
    return { studentId, dueAt };
  });
}
