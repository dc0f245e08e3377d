import { audit, auditEach, type AuditBy } from '../audit';
import { randomUUID } from 'node:crypto';
import { ROLES, calendarDayParts, formatExamTimes, pages, type CreateCourseBody, type EnrolledStudent, type UpdateCourseBody } from '@campus/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { courses, enrollments, files, notes, users, type CourseRow, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { prepared } from '../../platform/db/prepared';
import { refuse } from '../../platform/errors/app-error';
import { deleteFileRow, insertFileRow } from '../../platform/files/files.service';
import type { StoredUpload } from '../../platform/files/upload';
import { existingId } from '../../platform/http/ids';
import { cohort, enrolledIn, oneUser, type NotifyingDeps } from '../notifications';
import { findCourseView, type CourseView } from './courses.queries';

/**
 * Where a notification about a course leads: the course page, or one of its tabs (the web app's
 * /course/:courseId/:tab, so the notification opens on what it is about).
 */
export const courseLink = (courseId: string, tab?: 'enrolled' | 'notes') => pages.course(courseId, tab);

/**
 * A professor as notifications name them: "Prof. Asha Rao". A name that already carries a title
 * ("Dr. Meera Iyer", "Prof Rao") keeps its own.
 */
export const professorName = (fullname: string): string => {
  const name = fullname.trim();
  return /^(prof|professor|dr|mr|mrs|ms)\b\.?\s/i.test(name) ? name : `Prof. ${name}`;
};

/**
 * What the changes to courses need from outside the feature, bound once when its routes are
 * registered: the database, `app.notify`, and today's date on the campus's clock (an exam date
 * is never set in the past). Reads take the database alone.
 */
export interface CoursesDeps extends NotifyingDeps {
  /** Today on the campus's clock, `YYYY-MM-DD`. */
  today: () => string;
}

const courseQuery = prepared((db) => db.select().from(courses).where(eq(courses.id, sql.placeholder('courseId'))).limit(1).prepare('course_by_id'));

/** The course row for a path id, or 404 (malformed and unknown ids alike). */
export async function courseOr404(db: Db, courseId: string): Promise<CourseRow> {
  const [row] = await courseQuery(db).execute({ courseId: existingId(courseId, 'course_not_found') });
  if (!row) throw refuse('course_not_found');
  return row;
}

/** The course with its owner's name and students, or 404. */
export async function courseViewOr404(db: Db, courseId: string): Promise<CourseView> {
  const view = await findCourseView(db, existingId(courseId, 'course_not_found'));
  if (!view) throw refuse('course_not_found');
  return view;
}

export async function isEnrolled(db: Db, courseId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.studentId, studentId)))
    .limit(1);
  return row !== undefined;
}

/** True when `studentId` is enrolled in at least one course `professorId` owns (getuser's rule). */
export async function teachesStudent(db: Db, professorId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.studentId, studentId), eq(courses.ownerId, professorId)))
    .limit(1);
  return row !== undefined;
}

/** A course's exam day, as the calendar feed writes it. */
export interface ExamDay {
  courseId: string;
  title: string;
  /** `YYYY-MM-DD` */
  examDate: string;
  /** `HH:MM` on the campus's clock, both or neither: without them the feed writes an all-day event. */
  examStart: string | null;
  examEnd: string | null;
  /** Where it is sat (the feed's LOCATION); null when the course does not say. */
  examCentre: string | null;
  /** How many times the date or time changed: the feed's SEQUENCE, so calendar apps move the event. */
  revision: number;
  updatedAt: Date;
}

/**
 * The exam days of a user's courses, soonest first, in one statement: a student's joined
 * courses, a professor's own. The exam office teaches and joins none: no query at all.
 */
export async function examDaysOf(db: Db, user: UserRow): Promise<ExamDay[]> {
  if (user.isExamOffice) return [];
  const columns = {
    courseId: courses.id,
    title: courses.title,
    examDate: courses.examDate,
    examStart: courses.examStart,
    examEnd: courses.examEnd,
    examCentre: courses.examCentre,
    revision: courses.examDateRevision,
    updatedAt: courses.updatedAt,
  };
  const dated = sql`${courses.examDate} is not null`;
  const order = [asc(courses.examDate), asc(courses.id)];
  const rows =
    user.userrole === ROLES.STUDENT
      ? await db
          .select(columns)
          .from(enrollments)
          .innerJoin(courses, eq(courses.id, enrollments.courseId))
          .where(and(eq(enrollments.studentId, user.id), dated))
          .orderBy(...order)
      : await db
          .select(columns)
          .from(courses)
          .where(and(eq(courses.ownerId, user.id), dated))
          .orderBy(...order);
  return rows.map((r) => ({ ...r, examDate: r.examDate! }));
}

/**
 * Creates a course owned by `owner`, with its thumbnail when one was sent. The thumbnail bytes
 * are already durable; the file row and the course row share a transaction, and the caller
 * deletes the bytes if this throws.
 */
export async function createCourse({ db, notify, today }: CoursesDeps, owner: UserRow, body: CreateCourseBody, thumbnail: StoredUpload | null): Promise<CourseView> {
  if (body.examDate) assertNotPast(body.examDate, today());
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const file = thumbnail ? await insertFileRow(tx, thumbnail, 'thumbnail', owner.id) : null;
    const [inserted] = await tx
      .insert(courses)
      .values({
        id: randomUUID(),
        title: body.title,
        description: body.description,
        coursenumber: body.coursenumber,
        semester: body.semester,
        branch: body.branch,
        thumbnailFileId: file?.id ?? null,
        ownerId: owner.id,
        examDate: body.examDate ?? null,
        examCentre: body.examCentre ?? null,
        examStart: body.examStart ?? null,
        examEnd: body.examEnd ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('course not inserted');
    // No exam news here: nobody can have joined a course that did not exist.
    // The students of the course's branch and semester hear of it (docs/product.md#notifications-who-is-told).
    await notify(tx, cohort(inserted.semester, inserted.branch), {
      content: `${professorName(owner.fullname)} created the course "${inserted.title}" for ${inserted.branch}, semester ${inserted.semester}`,
      link: courseLink(inserted.id),
      kind: 'courses',
    });
    return inserted;
  });
  return { row, ownername: owner.fullname, students: [] };
}

/**
 * A new or moved exam date is not before today on the campus (CAMPUS_TZ): a 400 naming the
 * field. Today itself is fine: the exam may be this afternoon.
 */
function assertNotPast(examDate: string, today: string): void {
  if (examDate < today) throw refuse('exam_date_in_past');
}

/** A day as the notifications write it, in full: "Thursday, 3 December 2026". */
const longDay = (day: string) => calendarDayParts(day).long;

/**
 * What a date set or moved asks of the students: a card printed before lists the old day (and
 * /verify says a newer card exists), so the news links to the admit card, not the course.
 */
export const DOWNLOAD_AGAIN = 'download your admit card again';

/** An exam's day and times as one course row (or an edit) holds them. */
interface ExamWhen {
  day: string | null;
  start: string | null;
  end: string | null;
}

/** "Thursday, 3 December 2026 (09:15 AM to 12:15 PM)", or the day alone when no time is set. */
const longWhen = ({ day, start, end }: ExamWhen) => {
  const times = formatExamTimes(start, end);
  return times ? `${longDay(day!)} (${times})` : longDay(day!);
};

/**
 * What the enrolled students are told of a change of the exam's day or time, in plain words,
 * and where it links. Called only when something changed.
 */
function examNews(who: string, course: CourseRow, title: string, before: ExamWhen, after: ExamWhen): { content: string; link: string } {
  const by = professorName(who);
  if (after.day === null) return { content: `${by} removed the exam date of "${title}" (it was ${longDay(before.day!)}): the exam date is no longer set`, link: courseLink(course.id) };
  let news: string;
  if (before.day === null) news = `${by} set the exam of "${title}" for ${longWhen(after)}`;
  else if (before.day !== after.day) news = `${by} moved the exam of "${title}" from ${longWhen(before)} to ${longWhen(after)}`;
  else if (after.start === null) news = `${by} removed the time of the exam of "${title}" on ${longDay(after.day)} (it is to be announced)`;
  else if (before.start === null) news = `${by} set the exam of "${title}" on ${longDay(after.day)} for ${formatExamTimes(after.start, after.end)}`;
  else news = `${by} moved the exam of "${title}" on ${longDay(after.day)} to ${formatExamTimes(after.start, after.end)} (it was ${formatExamTimes(before.start, before.end)})`;
  return { content: `${news}: ${DOWNLOAD_AGAIN}`, link: pages.hallTicket };
}

/**
 * Applies an edit by the owner; an absent examDate, examCentre or pair of exam times keeps the
 * current one, null clears it (either time given sets the pair: the contract holds them
 * together). A changed exam date (set, moved or cleared) must not be in the past. A changed date
 * or time raises the exam's revision (the calendar feed's SEQUENCE), notes when it changed once
 * it had been set, and tells every enrolled student (kind `exams`: an email at once unless they
 * chose otherwise), in the same transaction (decision 0017; times: 0035). An unchanged date is
 * not checked against today: an old course's title can still be corrected.
 */
export async function updateCourse({ db, notify, today }: CoursesDeps, editor: UserRow, course: CourseRow, body: UpdateCourseBody): Promise<void> {
  await db.transaction(async (tx) => {
    // The row as it is now, locked: two edits at once each compare with the date the other left.
    const [current] = await tx.select().from(courses).where(eq(courses.id, course.id)).for('update');
    if (!current) throw refuse('course_not_found');
    const before: ExamWhen = { day: current.examDate, start: current.examStart, end: current.examEnd };
    const timesGiven = body.examStart !== undefined || body.examEnd !== undefined;
    const after: ExamWhen = {
      day: body.examDate === undefined ? before.day : body.examDate,
      start: timesGiven ? (body.examStart ?? null) : before.start,
      end: timesGiven ? (body.examEnd ?? null) : before.end,
    };
    const dayChanged = after.day !== before.day;
    const timeChanged = after.start !== before.start || after.end !== before.end;
    // Times of an exam with no day tell nobody anything: kept, but no news and no new revision.
    const changed = dayChanged || (timeChanged && after.day !== null);
    if (dayChanged && after.day !== null) assertNotPast(after.day, today());
    const now = new Date();
    await tx
      .update(courses)
      .set({
        title: body.title,
        description: body.description,
        semester: body.semester,
        branch: body.branch,
        examDate: after.day,
        examStart: after.start,
        examEnd: after.end,
        ...(changed
          ? {
              examDateRevision: sql`${courses.examDateRevision} + 1`,
              // A first date (or a first time) is not a change; a day or time moved or cleared, or
              // a date set again after being cleared, is.
              ...((dayChanged && (before.day !== null || current.examDateChangedAt !== null)) || (!dayChanged && before.start !== null) ? { examDateChangedAt: now } : {}),
            }
          : {}),
        ...(body.examCentre !== undefined ? { examCentre: body.examCentre } : {}),
        updatedAt: now,
      })
      .where(eq(courses.id, course.id));
    if (!changed) return;
    await notify(tx, enrolledIn(course.id), { ...examNews(editor.fullname, course, body.title, before, after), kind: 'exams' });
  });
}

/**
 * Replaces a course's thumbnail (its bytes already durable): the new file row and the course
 * share a transaction, which also deletes the old file's row; the caller removes the old bytes,
 * whose key this answers, after the commit. The course row is locked, so two replacements at
 * once each remove the thumbnail the other left.
 */
export async function replaceCourseThumbnail(db: Db, courseId: string, thumbnail: StoredUpload): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
    if (!current) throw refuse('course_not_found');
    const file = await insertFileRow(tx, thumbnail, 'thumbnail', current.ownerId);
    await tx.update(courses).set({ thumbnailFileId: file.id, updatedAt: new Date() }).where(eq(courses.id, courseId));
    return current.thumbnailFileId ? deleteFileRow(tx, current.thumbnailFileId) : undefined;
  });
}

/**
 * Deletes a course with its notes, enrolments and file rows in one transaction, and answers the
 * storage keys whose bytes the caller removes after the commit (`removeStored`). Afterwards
 * nothing of the course is reachable: its rows are gone, so its file URLs answer 404.
 */
export async function deleteCourse({ db, notify }: CoursesDeps, by: AuditBy, course: CourseRow, owner: UserRow): Promise<string[]> {
  return db.transaction(async (tx) => {
    const noteFiles = await tx.select({ id: notes.fileId }).from(notes).where(eq(notes.courseId, course.id));
    const fileIds = [...noteFiles.map((n) => n.id), ...(course.thumbnailFileId ? [course.thumbnailFileId] : [])];
    // Told while their enrolments still exist; no link: the course is gone.
    await notify(tx, enrolledIn(course.id), { content: `${professorName(owner.fullname)} deleted the course "${course.title}"`, link: null, kind: 'courses' });
    // Each enrolled student's own record says so: one entry each, one statement for them all.
    await auditEach(tx, by, 'course.deleted', enrolledIn(course.id), { course: courseInAudit(course) });
    // Cascades remove the course's notes and enrolments with it.
    await tx.delete(courses).where(eq(courses.id, course.id));
    if (fileIds.length === 0) return [];
    const removed = await tx.delete(files).where(inArray(files.id, fileIds)).returning({ key: files.storageKey });
    return removed.map((r) => r.key);
  });
}

/** Joins; 409 when already joined (the primary key decides, so two racing joins cannot both win). */
export async function joinCourse({ db, notify }: CoursesDeps, course: CourseRow, student: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(enrollments)
      .values({ courseId: course.id, studentId: student.id, joinedAt: new Date() })
      .onConflictDoNothing()
      .returning({ courseId: enrollments.courseId });
    if (inserted.length === 0) throw refuse('already_joined');
    // The owner lands on the course's students, the newcomer among them.
    await notify(tx, oneUser(course.ownerId), { content: `${student.fullname} joined your course "${course.title}"`, link: courseLink(course.id, 'enrolled'), kind: 'courses' });
  });
}

/** A course as an audit entry names it: it may be gone by the time the entry is read. */
const courseInAudit = (course: CourseRow) => ({ _id: course.id, coursenumber: Number(course.coursenumber), title: course.title });

/** The owner removes a student, who is told, and whose audit trail says who did it; false when the student was not enrolled. */
export async function removeStudent({ db, notify }: CoursesDeps, by: AuditBy, course: CourseRow, owner: UserRow, studentId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await removeEnrolment(tx, course.id, studentId))) return false;
    await audit(tx, by, { action: 'course.student_removed', targetId: studentId, details: { course: courseInAudit(course) } });
    await notify(tx, oneUser(studentId), { content: `${professorName(owner.fullname)} removed you from the course "${course.title}"`, link: courseLink(course.id), kind: 'courses' });
    return true;
  });
}

/** Removes a membership; false when there was none. */
export async function removeEnrolment(db: Db, courseId: string, studentId: string): Promise<boolean> {
  const removed = await db
    .delete(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.studentId, studentId)))
    .returning({ courseId: enrollments.courseId });
  return removed.length > 0;
}

/** The enrolled students as the wire's entries ({name, regid, studentobjectid}), in the order they joined. */
export async function studentsOfCourse(db: Db, courseId: string): Promise<EnrolledStudent[]> {
  const rows = await db
    .select({ name: users.fullname, regid: users.registrationId, studentobjectid: users.id })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.studentId))
    .where(eq(enrollments.courseId, courseId))
    .orderBy(asc(enrollments.joinedAt), asc(enrollments.studentId));
  return rows.map((r) => ({ name: r.name, regid: Number(r.regid), studentobjectid: r.studentobjectid }));
}
