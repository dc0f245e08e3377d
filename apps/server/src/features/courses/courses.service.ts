import { randomUUID } from 'node:crypto';
import { ROLES, type CreateCourseBody, type EnrolledStudent, type UpdateCourseBody } from '@campus/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { courses, enrollments, files, notes, users, type CourseRow, type UserRow } from '../../db/schema';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/database';
import { prepared } from '../../platform/db/prepared';
import { conflict, notFound } from '../../platform/errors/app-error';
import { insertFileRow } from '../../platform/files/files.service';
import type { StoredUpload } from '../../platform/files/upload';
import { existingId } from '../../platform/http/ids';
import { notify, oneUser } from '../notifications';
import { findCourseView, type CourseView } from './courses.queries';

/**
 * Where a notification about a course leads: the course page, or one of its tabs (the web app's
 * /course/:courseId/:tab, so the notification opens on what it is about).
 */
export const courseLink = (courseId: string, tab?: 'enrolled' | 'notes') => (tab ? `/course/${courseId}/${tab}` : `/course/${courseId}`);

/**
 * A professor as notifications name them: "Prof. Asha Rao". A name that already carries a title
 * ("Dr. Meera Iyer", "Prof Rao") keeps its own.
 */
export const professorName = (fullname: string): string => {
  const name = fullname.trim();
  return /^(prof|professor|dr|mr|mrs|ms)\b\.?\s/i.test(name) ? name : `Prof. ${name}`;
};

/** The students enrolled in a course, as a recipients query for `notify`. */
export const enrolledIn = (courseId: string) => sql`select ${enrollments.studentId} from ${enrollments} where ${enrollments.courseId} = ${courseId}`;

const courseQuery = prepared((db) => db.select().from(courses).where(eq(courses.id, sql.placeholder('courseId'))).limit(1).prepare('course_by_id'));

/** The course row for a path id, or 404 (malformed and unknown ids alike). */
export async function courseOr404(db: Db, courseId: string): Promise<CourseRow> {
  const [row] = await courseQuery(db).execute({ courseId: existingId(courseId, 'course') });
  if (!row) throw notFound('course not found');
  return row;
}

/** The course with its owner's name and students, or 404. */
export async function courseViewOr404(db: Db, courseId: string): Promise<CourseView> {
  const view = await findCourseView(db, existingId(courseId, 'course'));
  if (!view) throw notFound('course not found');
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
  updatedAt: Date;
}

/**
 * The exam days of a user's courses, soonest first, in one statement: a student's joined
 * courses, a professor's own. The exam office teaches and joins none: no query at all.
 */
export async function examDaysOf(db: Db, user: UserRow): Promise<ExamDay[]> {
  if (user.isExamOffice) return [];
  const columns = { courseId: courses.id, title: courses.title, examDate: courses.examDate, updatedAt: courses.updatedAt };
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
export async function createCourse(db: Db, config: Config, owner: UserRow, body: CreateCourseBody, thumbnail: StoredUpload | null): Promise<CourseView> {
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
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('course not inserted');
    // The students of the course's branch and semester hear of it (API.md "Notifications").
    await notify(tx, config, sql`select ${users.id} from ${users} where ${users.userrole} = ${sql.raw(String(ROLES.STUDENT))} and ${users.semester} = ${inserted.semester} and ${users.branch} = ${inserted.branch}`, {
      content: `${professorName(owner.fullname)} created the course "${inserted.title}" for ${inserted.branch}, semester ${inserted.semester}`,
      link: courseLink(inserted.id),
      kind: 'courses',
    });
    return inserted;
  });
  return { row, ownername: owner.fullname, students: [] };
}

/** Applies an edit; an absent examDate keeps the current one, null clears it. */
export async function updateCourse(db: Db, course: CourseRow, body: UpdateCourseBody): Promise<void> {
  await db
    .update(courses)
    .set({
      title: body.title,
      description: body.description,
      semester: body.semester,
      branch: body.branch,
      ...(body.examDate !== undefined ? { examDate: body.examDate } : {}),
      updatedAt: new Date(),
    })
    .where(eq(courses.id, course.id));
}

/**
 * Deletes a course with its notes, enrolments and file rows in one transaction, and answers the
 * storage keys whose bytes the caller removes after the commit (`removeStored`). Afterwards
 * nothing of the course is reachable: its rows are gone, so its file URLs answer 404.
 */
export async function deleteCourse(db: Db, config: Config, course: CourseRow, owner: UserRow): Promise<string[]> {
  return db.transaction(async (tx) => {
    const noteFiles = await tx.select({ id: notes.fileId }).from(notes).where(eq(notes.courseId, course.id));
    const fileIds = [...noteFiles.map((n) => n.id), ...(course.thumbnailFileId ? [course.thumbnailFileId] : [])];
    // Told while their enrolments still exist; no link: the course is gone.
    await notify(tx, config, enrolledIn(course.id), { content: `${professorName(owner.fullname)} deleted the course "${course.title}"`, link: null, kind: 'courses' });
    // Cascades remove the course's notes and enrolments with it.
    await tx.delete(courses).where(eq(courses.id, course.id));
    if (fileIds.length === 0) return [];
    const removed = await tx.delete(files).where(inArray(files.id, fileIds)).returning({ key: files.storageKey });
    return removed.map((r) => r.key);
  });
}

/** Joins; 409 when already joined (the primary key decides, so two racing joins cannot both win). */
export async function joinCourse(db: Db, config: Config, course: CourseRow, student: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(enrollments)
      .values({ courseId: course.id, studentId: student.id, joinedAt: new Date() })
      .onConflictDoNothing()
      .returning({ courseId: enrollments.courseId });
    if (inserted.length === 0) throw conflict('you have already joined this course');
    // The owner lands on the course's students, the newcomer among them.
    await notify(tx, config, oneUser(course.ownerId), { content: `${student.fullname} joined your course "${course.title}"`, link: courseLink(course.id, 'enrolled'), kind: 'courses' });
  });
}

/** The owner removes a student, who is told; false when the student was not enrolled. */
export async function removeStudent(db: Db, config: Config, course: CourseRow, owner: UserRow, studentId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await removeEnrolment(tx, course.id, studentId))) return false;
    await notify(tx, config, oneUser(studentId), { content: `${professorName(owner.fullname)} removed you from the course "${course.title}"`, link: courseLink(course.id), kind: 'courses' });
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

/** The enrolled students as the spec's entries, in the order they joined. */
export async function studentsOfCourse(db: Db, courseId: string): Promise<EnrolledStudent[]> {
  const rows = await db
    .select({ name: users.fullname, regid: users.registrationId, studentobjectid: users.id })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.studentId))
    .where(eq(enrollments.courseId, courseId))
    .orderBy(asc(enrollments.joinedAt), asc(enrollments.studentId));
  return rows.map((r) => ({ name: r.name, regid: Number(r.regid), studentobjectid: r.studentobjectid }));
}
