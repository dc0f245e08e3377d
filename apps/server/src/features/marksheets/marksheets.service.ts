import { audit, type AuditBy } from '../audit';
import { randomUUID } from 'node:crypto';
import { ROLES, pages } from '@campus/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { applications, files, marksheets, users, type ApplicationRow, type MarksheetRow, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/constraint-errors';
import { isExamOffice } from '../../platform/auth/access';
import { refuse } from '../../platform/errors/app-error';
import { insertFileRow } from '../../platform/files/files.service';
import type { StoredUpload } from '../../platform/files/upload';
import { existingId } from '../../platform/http/ids';
import { examOffice, oneUser, type NotifyingDeps } from '../notifications';
import { cohortOf, findUserById } from '../users';
import { canSeeRecordsOf } from './marksheets.policy';

/**
 * The user whose records (applications, marksheets) a path names, when they exist and `viewer`
 * may see them (themselves, or the exam office); otherwise 404, so an outsider learns nothing of
 * who exists.
 */
export async function recordsOwnerOr404(db: Db, viewer: UserRow, userId: string): Promise<string> {
  const id = existingId(userId, 'user_not_found');
  if (!canSeeRecordsOf(viewer, id) || (id !== viewer.id && !(await findUserById(db, id)))) throw refuse('user_not_found');
  return id;
}

/** Who the exam office may upload a marksheet for: a student account (not an exam office one), else 404. */
export async function applicantOr404(db: Db, applicantId: string): Promise<UserRow> {
  const applicant = await findUserById(db, existingId(applicantId, 'applicant_not_found'));
  if (!applicant || applicant.userrole !== ROLES.STUDENT || isExamOffice(applicant)) throw refuse('applicant_not_found');
  return applicant;
}

/**
 * A student asks for one semester's marksheet: only up to their own semester ('cannot apply'),
 * not while a request for it is open (the database's partial unique index decides, so racing
 * requests give one success), and not when the marksheet already exists. The exam office is told.
 */
export async function createApplication({ db, notify }: NotifyingDeps, student: UserRow, semester: number): Promise<ApplicationRow> {
  // A student who has not chosen a semester yet is asked to, before anything is compared with it.
  if (semester > cohortOf(student).semester) throw refuse('cannot_apply');
  try {
    return await db.transaction(async (tx) => {
      if (await marksheetFor(tx, student.id, semester)) throw refuse('marksheet_exists');
      const [row] = await tx
        .insert(applications)
        .values({
          id: randomUUID(),
          fromId: student.id,
          content: `${student.fullname} (${student.registrationId}) requests the marksheet of semester ${semester}`,
          semester,
          replied: false,
          createdAt: new Date(),
        })
        .returning();
      if (!row) throw new Error('application not inserted');
      // The applicant's page with this semester chosen for the upload: what the exam office does next.
      await notify(tx, examOffice(), { content: row.content, link: pages.applicant(student.id, semester), kind: 'marksheets' });
      return row;
    });
  } catch (err) {
    if (uniqueViolation(err) === 'applications_one_open_unique') throw refuse('already_applied');
    throw err;
  }
}

/**
 * The semesters a student has asked for (open, or answered with the marksheet), ascending. A
 * declined request does not count: she may ask for that semester again.
 */
export async function semestersApplied(db: Db, studentId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ semester: applications.semester })
    .from(applications)
    .where(and(eq(applications.fromId, studentId), isNull(applications.declinedAt)))
    .orderBy(asc(applications.semester));
  return rows.map((r) => r.semester);
}

/** A request with the name and registration id of who asked (lists group requests by student). */
export type NamedApplication = ApplicationRow & { applicant: Pick<UserRow, 'fullname' | 'registrationId'> };

const withApplicant = (db: Db) =>
  db
    .select({ application: applications, fullname: users.fullname, registrationId: users.registrationId })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.fromId));

const named = (rows: { application: ApplicationRow; fullname: string; registrationId: number }[]): NamedApplication[] =>
  rows.map((r) => ({ ...r.application, applicant: { fullname: r.fullname, registrationId: r.registrationId } }));

/** Every request, open ones first, oldest first (the exam office's queue). */
export async function allApplications(db: Db): Promise<NamedApplication[]> {
  return named(await withApplicant(db).orderBy(asc(applications.replied), asc(applications.createdAt), asc(applications.id)));
}

export async function applicationsOf(db: Db, userId: string): Promise<NamedApplication[]> {
  return named(await withApplicant(db).where(eq(applications.fromId, userId)).orderBy(asc(applications.semester), asc(applications.createdAt)));
}

export function marksheetsOf(db: Db, userId: string): Promise<MarksheetRow[]> {
  return db.select().from(marksheets).where(eq(marksheets.ownerId, userId)).orderBy(asc(marksheets.semester));
}

export async function marksheetFor(db: Db, userId: string, semester: number): Promise<MarksheetRow | undefined> {
  const [row] = await db.select().from(marksheets).where(and(eq(marksheets.ownerId, userId), eq(marksheets.semester, semester))).limit(1);
  return row;
}

/**
 * The exam office declines an open request, saying why: the request is answered (so the student
 * may ask again), the student is told with the reason (kind `marksheets`: an email at once unless
 * she chose otherwise), and the audit trail names her. Unknown: 404; answered already (sent or
 * declined): 409. The update's `replied = false` condition decides between two answers at once.
 */
export async function declineApplication({ db, notify }: NotifyingDeps, by: AuditBy, applicationId: string, reason: string): Promise<NamedApplication> {
  const id = existingId(applicationId, 'application_not_found');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(applications)
      .set({ replied: true, declinedAt: new Date(), declineReason: reason })
      .where(and(eq(applications.id, id), eq(applications.replied, false)))
      .returning();
    if (!row) {
      const [known] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, id)).limit(1);
      throw refuse(known ? 'application_answered' : 'application_not_found');
    }
    const [who] = await tx.select({ fullname: users.fullname, registrationId: users.registrationId }).from(users).where(eq(users.id, row.fromId)).limit(1);
    if (!who) throw refuse('application_not_found');
    await notify(tx, oneUser(row.fromId), {
      content: `The exam office declined your request for the marksheet of semester ${row.semester}: ${reason}`,
      link: pages.marksheet,
      kind: 'marksheets',
    });
    await audit(tx, by, { action: 'application.declined', targetId: row.fromId, details: { semester: row.semester, reason } });
    return { ...row, applicant: who };
  });
}

/** The owner of a marksheet file, for the download rule; undefined for any other file. */
export async function ownerOfMarksheetFile(db: Db, fileId: string): Promise<string | undefined> {
  const [row] = await db.select({ ownerId: marksheets.ownerId }).from(marksheets).where(eq(marksheets.fileId, fileId)).limit(1);
  return row?.ownerId;
}

/** What a marksheet file is called where people see it, and its download: "Marksheet semester 3". */
export async function titleOfMarksheetFile(db: Db, fileId: string): Promise<string | undefined> {
  const [row] = await db.select({ semester: marksheets.semester }).from(marksheets).where(eq(marksheets.fileId, fileId)).limit(1);
  return row && `Marksheet semester ${row.semester}`;
}

/**
 * The exam office uploads a student's marksheet for a semester (at most the student's own). A
 * second upload for the same semester replaces the file, so a mistake can be corrected: the old
 * file's storage key is answered as `replacedKey`, for the caller to remove after the commit
 * (`removeStored`). Every open request for that semester is marked replied, and the student is
 * told, and the audit trail says who uploaded it. The caller deletes the new bytes if this throws.
 */
export async function uploadMarksheet(
  { db, notify }: NotifyingDeps,
  by: AuditBy,
  applicant: UserRow,
  semester: number,
  upload: StoredUpload,
): Promise<{ marksheet: MarksheetRow; replacedKey: string | undefined }> {
  const { semester: applicantsSemester } = cohortOf(applicant);
  if (semester > applicantsSemester) throw refuse('semester_above_applicants', { params: { semester: applicantsSemester } });
  let oldKey: string | undefined;
  let row: MarksheetRow | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const file = await insertFileRow(tx, upload, 'marksheet', applicant.id);
      const now = new Date();
      const [existing] = await tx
        .select()
        .from(marksheets)
        .where(and(eq(marksheets.ownerId, applicant.id), eq(marksheets.semester, semester)))
        .for('update')
        .limit(1);
      let saved: MarksheetRow | undefined;
      if (existing) {
        // The old file's digest goes with it: a token signed over it then verifies `replaced`.
        [saved] = await tx.update(marksheets).set({ fileId: file.id, sha256: null, updatedAt: now }).where(eq(marksheets.id, existing.id)).returning();
        const [gone] = await tx.delete(files).where(eq(files.id, existing.fileId)).returning({ key: files.storageKey });
        oldKey = gone?.key;
      } else {
        [saved] = await tx.insert(marksheets).values({ id: randomUUID(), ownerId: applicant.id, semester, fileId: file.id, createdAt: now, updatedAt: now }).returning();
      }
      if (!saved) throw new Error('marksheet not saved');
      await tx
        .update(applications)
        .set({ replied: true })
        .where(and(eq(applications.fromId, applicant.id), eq(applications.semester, semester), eq(applications.replied, false)));
      await notify(tx, oneUser(applicant.id), { content: `The exam office ${existing ? 'replaced' : 'uploaded'} your marksheet for semester ${semester}`, link: pages.marksheet, kind: 'marksheets' });
      await audit(tx, by, { action: 'marksheet.uploaded', targetId: applicant.id, details: { semester } });
      return saved;
    });
  } catch (err) {
    // Two first uploads for one semester at the same moment: the second meets the unique index.
    if (uniqueViolation(err) === 'marksheets_owner_semester_unique') throw refuse('marksheet_upload_in_progress');
    throw err;
  }
  return { marksheet: row, replacedKey: oldKey };
}
