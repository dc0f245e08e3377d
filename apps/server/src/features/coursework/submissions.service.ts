import { createHash, randomUUID } from 'node:crypto';
import { lateness, type Receipt } from '@campus/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  assignmentExtensions,
  assignmentMarks,
  enrollments,
  files,
  submissionFiles,
  submissions,
  users,
  type AssignmentRow,
  type CourseRow,
  type SubmissionRowDb,
  type UserRow,
} from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import { insertFileRows } from '../../platform/files/files.service';
import type { StoredUpload } from '../../platform/files/upload';
import { enqueueMail } from '../../platform/mail/mail-queue';
import type { DocumentSigner } from '../documents';
import { dueFor } from './assignments.presenter';
import { receiptClaims, receiptEmail, signReceipt } from './receipts';
import type { HandedInFile, SubmissionView } from './submissions.presenter';

/** What handing in needs: the database, the documents' signer, the clock, and whether mail is on. */
export interface SubmissionsDeps {
  db: Db;
  signer: DocumentSigner;
  now: () => Date;
  mailOn: boolean;
}

/** What a student hands in: files already stored (from the form, or finished resumable uploads), text, or both. */
export interface HandIn {
  files: StoredUpload[];
  text: string | null;
}

/** The student's mark on the assignment, if any (a returned one closes handing in). */
async function markOf(db: Db, assignmentId: string, studentId: string) {
  const [mark] = await db
    .select({ returnedAt: assignmentMarks.returnedAt })
    .from(assignmentMarks)
    .where(and(eq(assignmentMarks.assignmentId, assignmentId), eq(assignmentMarks.studentId, studentId)));
  return mark;
}

/**
 * Whether this student may hand in now, asked before a byte of the body is stored: a test takes
 * no submissions (400), none after the closing time nor once their marks were returned (409).
 */
export async function assertCanSubmit(db: Db, assignment: AssignmentRow, studentId: string, now: Date): Promise<void> {
  if (assignment.kind === 'test') throw refuse('no_submissions_for_test');
  if (assignment.closesAt && now > assignment.closesAt) throw refuse('submissions_closed');
  if ((await markOf(db, assignment.id, studentId))?.returnedAt) throw refuse('marks_already_returned');
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Hands in a new attempt, in one transaction: the previous latest is marked replaced and its
 * stored files' rows go (the submission keeps their names and digests; `fileId` becomes null), the
 * new attempt and its files are recorded with their lateness against the student's own due time,
 * and, with mail on, the receipt is queued for the student. Answers the attempt, its signed
 * receipt, and the storage keys of the replaced files, whose bytes the caller removes after the
 * commit.
 */
export async function submitWork(
  deps: SubmissionsDeps,
  course: CourseRow,
  assignment: AssignmentRow,
  student: UserRow,
  handIn: HandIn,
): Promise<{ view: SubmissionView; receipt: Receipt; replacedKeys: string[] }> {
  if (handIn.files.length === 0 && !handIn.text) throw refuse('submission_empty');
  const submittedAt = deps.now();
  // The key is read before the transaction: signing inside it must not read the keys itself.
  const sign = await deps.signer.signerNow();
  return deps.db.transaction(async (tx) => {
    // One attempt at a time per student and assignment: two at once would both number theirs n + 1.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`submission:${assignment.id}:${student.id}`}))`);
    // Asked again under the lock: marks may have been returned while the files streamed in.
    if ((await markOf(tx, assignment.id, student.id))?.returnedAt) throw refuse('marks_already_returned');
    const [own] = await tx
      .select({ dueAt: assignmentExtensions.dueAt })
      .from(assignmentExtensions)
      .where(and(eq(assignmentExtensions.assignmentId, assignment.id), eq(assignmentExtensions.studentId, student.id)));
    const dueAt = dueFor(assignment, own?.dueAt);
    const late = lateness({ dueAt, graceMinutes: assignment.graceMinutes, latePenaltyPercentPerDay: assignment.latePenaltyPercentPerDay }, submittedAt);

    const [previous] = await tx
      .update(submissions)
      .set({ replacedAt: submittedAt })
      .where(and(eq(submissions.assignmentId, assignment.id), eq(submissions.studentId, student.id), isNull(submissions.replacedAt)))
      .returning({ id: submissions.id, attempt: submissions.attempt });
    const [submission] = await tx
      .insert(submissions)
      .values({
        id: randomUUID(),
        assignmentId: assignment.id,
        studentId: student.id,
        attempt: (previous?.attempt ?? 0) + 1,
        text: handIn.text,
        textSha256: handIn.text ? sha256Hex(handIn.text) : null,
        submittedAt,
        dueAt,
        lateMinutes: late.lateMinutes,
        penalty: late.penalty,
      })
      .returning();
    if (!submission) throw new Error('submission not inserted');

    const stored = await insertFileRows(tx, handIn.files, 'submission', student.id);
    const handedIn: HandedInFile[] = handIn.files.map((f, i) => ({ name: f.originalName, fileId: stored[i]!.id, bytes: f.size, sha256: f.sha256 }));
    if (handedIn.length > 0) {
      await tx.insert(submissionFiles).values(handedIn.map((f, position) => ({ submissionId: submission.id, position, fileId: f.fileId, name: f.name, bytes: f.bytes, sha256: f.sha256 })));
    }

    // The replaced attempt's bytes go; its rows keep what its receipt named (on delete set null).
    let replacedKeys: string[] = [];
    if (previous) {
      const gone = tx.select({ id: submissionFiles.fileId }).from(submissionFiles).where(and(eq(submissionFiles.submissionId, previous.id), isNotNull(submissionFiles.fileId)));
      const removed = await tx.delete(files).where(inArray(files.id, gone)).returning({ key: files.storageKey });
      replacedKeys = removed.map((r) => r.key);
    }

    const receipt = await signReceipt(sign, receiptClaims(student, course, assignment, submission, handedIn));
    if (deps.mailOn) {
      await enqueueMail(tx, [receiptEmail.message(student.email, { fullname: student.fullname, courseTitle: course.title, claims: receipt.claims, token: receipt.token })]);
    }
    return { view: { submission, files: handedIn }, receipt, replacedKeys };
  });
}

/** The files of these submissions, in the order handed in, by submission: one query for any number. */
async function filesOf(db: Db, submissionIds: string[]): Promise<Map<string, HandedInFile[]>> {
  const bySubmission = new Map<string, HandedInFile[]>(submissionIds.map((id) => [id, []]));
  if (submissionIds.length === 0) return bySubmission;
  const rows = await db
    .select({ submissionId: submissionFiles.submissionId, name: submissionFiles.name, fileId: submissionFiles.fileId, bytes: submissionFiles.bytes, sha256: submissionFiles.sha256 })
    .from(submissionFiles)
    .where(inArray(submissionFiles.submissionId, submissionIds))
    .orderBy(asc(submissionFiles.submissionId), asc(submissionFiles.position));
  for (const { submissionId, ...file } of rows) bySubmission.get(submissionId)?.push(file);
  return bySubmission;
}

/** A student's latest attempt with its files and its receipt (signed again from what was stored), or nulls before any. */
export async function latestOf(
  deps: Pick<SubmissionsDeps, 'db' | 'signer'>,
  course: CourseRow,
  assignment: AssignmentRow,
  student: UserRow,
): Promise<{ view: SubmissionView; receipt: Receipt } | null> {
  const [submission] = await deps.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignment.id), eq(submissions.studentId, student.id), isNull(submissions.replacedAt)));
  if (!submission) return null;
  const handedIn = (await filesOf(deps.db, [submission.id])).get(submission.id) ?? [];
  return { view: { submission, files: handedIn }, receipt: await signReceipt((claims) => deps.signer.sign(claims), receiptClaims(student, course, assignment, submission, handedIn)) };
}

/** One enrolled student's row of the owner's list, before it is presented. */
export interface ClassRow {
  student: Pick<UserRow, 'id' | 'registrationId' | 'fullname'>;
  extendedTo: Date | null;
  submission: SubmissionRowDb | null;
  files: HandedInFile[];
  mark: typeof assignmentMarks.$inferSelect | null;
}

/**
 * Every enrolled student with their extension, latest attempt and mark, by registration id: one
 * query for the class, one for the attempts' files, however many students there are.
 */
export async function classRows(db: Db, course: CourseRow, assignment: AssignmentRow): Promise<ClassRow[]> {
  const rows = await db
    .select({
      student: { id: users.id, registrationId: users.registrationId, fullname: users.fullname },
      extendedTo: assignmentExtensions.dueAt,
      submission: submissions,
      mark: assignmentMarks,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.studentId))
    .leftJoin(assignmentExtensions, and(eq(assignmentExtensions.assignmentId, assignment.id), eq(assignmentExtensions.studentId, users.id)))
    .leftJoin(submissions, and(eq(submissions.assignmentId, assignment.id), eq(submissions.studentId, users.id), isNull(submissions.replacedAt)))
    .leftJoin(assignmentMarks, and(eq(assignmentMarks.assignmentId, assignment.id), eq(assignmentMarks.studentId, users.id)))
    .where(eq(enrollments.courseId, course.id))
    .orderBy(asc(users.registrationId));
  const handedIn = await filesOf(db, rows.flatMap((r) => (r.submission ? [r.submission.id] : [])));
  return rows.map((r) => ({ ...r, files: r.submission ? (handedIn.get(r.submission.id) ?? []) : [] }));
}

/** A file of the zip: where it goes in it, its size, and where its bytes are. */
export interface ZipEntry {
  registrationId: number;
  name: string;
  bytes: number;
  storageKey: string;
}

/** Every stored file of the enrolled students' latest attempts, student by student, in the order handed in. */
export function latestFiles(db: Db, course: CourseRow, assignment: AssignmentRow): Promise<ZipEntry[]> {
  return db
    .select({ registrationId: users.registrationId, name: submissionFiles.name, bytes: submissionFiles.bytes, storageKey: files.storageKey })
    .from(submissions)
    .innerJoin(enrollments, and(eq(enrollments.courseId, course.id), eq(enrollments.studentId, submissions.studentId)))
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(submissionFiles, eq(submissionFiles.submissionId, submissions.id))
    .innerJoin(files, eq(files.id, submissionFiles.fileId))
    .where(and(eq(submissions.assignmentId, assignment.id), isNull(submissions.replacedAt)))
    .orderBy(asc(users.registrationId), asc(submissionFiles.position));
}
